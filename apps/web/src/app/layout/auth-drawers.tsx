import { LoginOutlined, UserAddOutlined } from '@ant-design/icons';
import { Drawer, Flex, Typography } from 'antd';
import { useAtom } from 'jotai';
import type { ReactNode } from 'react';
import { authDrawerAtom, type AuthDrawer } from '../../shared/state/auth-drawer.atom';

const DRAWERS: Record<AuthDrawer, { title: string; text: string; icon: ReactNode }> = {
  login: {
    title: 'Iniciar sesion',
    text: 'El inicio de sesión estará disponible muy pronto.',
    icon: <LoginOutlined />,
  },
  'register-cliente': {
    title: 'Regístrate como cliente',
    text: 'El registro de clientes estará disponible muy pronto.',
    icon: <UserAddOutlined />,
  },
  'register-profesional': {
    title: 'Regístrate como profesional',
    text: 'El registro de profesionales estará disponible muy pronto.',
    icon: <UserAddOutlined />,
  },
};

/** Sign-in and registration drawers (loaded on first open); their forms arrive with the accounts issue. */
export function AuthDrawers() {
  const [open, setOpen] = useAtom(authDrawerAtom);
  return (
    <>
      {(Object.keys(DRAWERS) as AuthDrawer[]).map((key) => (
        <Drawer key={key} title={DRAWERS[key].title} open={open === key} onClose={() => setOpen(null)} destroyOnHidden>
          <Flex vertical align="center" gap="middle" style={{ paddingTop: 48, textAlign: 'center' }} data-testid={`drawer-${key}`}>
            <span style={{ fontSize: 48, color: '#1677ff' }}>{DRAWERS[key].icon}</span>
            <Typography.Title level={4}>Muy pronto</Typography.Title>
            <Typography.Paragraph type="secondary">{DRAWERS[key].text}</Typography.Paragraph>
          </Flex>
        </Drawer>
      ))}
    </>
  );
}
