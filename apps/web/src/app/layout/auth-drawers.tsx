import { LoginOutlined, UserAddOutlined } from '@ant-design/icons';
import { Drawer, Result } from 'antd';
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

/** Sign-in and registration drawers; their forms arrive with the accounts issue. */
export function AuthDrawers() {
  const [open, setOpen] = useAtom(authDrawerAtom);
  return (
    <>
      {(Object.keys(DRAWERS) as AuthDrawer[]).map((key) => (
        <Drawer
          key={key}
          title={DRAWERS[key].title}
          open={open === key}
          onClose={() => setOpen(null)}
          destroyOnHidden
          data-testid={`drawer-${key}`}
        >
          <Result icon={DRAWERS[key].icon} title="Muy pronto" subTitle={DRAWERS[key].text} />
        </Drawer>
      ))}
    </>
  );
}
