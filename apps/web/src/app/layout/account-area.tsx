import { DownOutlined, LoginOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useSetAtom } from 'jotai';
import { authDrawerAtom } from '../../shared/state/auth-drawer.atom';

/**
 * The top bar's account controls: "Iniciar Sesion" and the "Regístrate" menu
 * (Cliente / Profesional), each opening its drawer. Loaded right after first
 * paint (antd's Button and Dropdown are not needed to paint the page). Shown
 * to visitors only: the top bar shows AccountMenu to a signed-in user.
 */
export function AccountArea() {
  const openDrawer = useSetAtom(authDrawerAtom);
  return (
    <>
      <Button icon={<LoginOutlined />} onClick={() => openDrawer('login')} data-testid="login-button">
        Iniciar Sesion
      </Button>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'register-cliente', label: 'Cliente' },
            { key: 'register-profesional', label: 'Profesional' },
          ],
          onClick: ({ key }) => openDrawer(key === 'register-cliente' ? 'register-cliente' : 'register-profesional'),
        }}
      >
        <Button type="primary" icon={<UserAddOutlined />} data-testid="register-button">
          Regístrate <DownOutlined />
        </Button>
      </Dropdown>
    </>
  );
}
