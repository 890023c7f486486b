import { GoogleOutlined } from '@ant-design/icons';
import { Button } from 'antd';

export function GoogleButton({ onClick, label = 'Continua con Google' }: { onClick: () => void; label?: string }) {
  return (
    <Button block size="large" icon={<GoogleOutlined />} onClick={onClick} data-testid="google-button">
      {label}
    </Button>
  );
}
