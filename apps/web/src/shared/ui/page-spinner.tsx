import { Flex, Spin } from 'antd';

export function PageSpinner({ label = 'Cargando...' }: { label?: string }) {
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }} data-testid="loading" role="status" aria-label={label}>
      <Spin size="large" />
    </Flex>
  );
}
