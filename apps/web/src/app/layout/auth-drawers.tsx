import type { SessionAnswer } from '@oficios/domain';
import { Drawer, message } from 'antd';
import { useAtom, useSetAtom } from 'jotai';
import { googleProfileAtom } from '../../features/auth/atoms/google-profile.atom';
import { LoginPanel } from '../../features/auth/components/login-panel';
import { RegisterForm } from '../../features/auth/components/register-form';
import { authDrawerAtom, type AuthDrawer } from '../../shared/state/auth-drawer.atom';

const TITLES: Record<AuthDrawer, string> = {
  login: 'Iniciar sesion',
  'register-cliente': 'Regístrate como cliente',
  'register-profesional': 'Regístrate como profesional',
};

/** Sign-in and registration drawers (loaded on first open). */
export function AuthDrawers() {
  const [open, setOpen] = useAtom(authDrawerAtom);
  const setGoogleProfile = useSetAtom(googleProfileAtom);
  const [messageApi, messageHolder] = message.useMessage();

  const close = () => {
    setOpen(null);
    setGoogleProfile(null);
  };

  const signedIn = (answer: SessionAnswer, registered = false) => {
    close();
    const name = answer.dataValues.firstName;
    void messageApi.success(registered ? `¡Registro exitoso! Bienvenido/a, ${name}` : `¡Hola, ${name}! Has iniciado sesion`);
  };

  return (
    <>
      {messageHolder}
      {(Object.keys(TITLES) as AuthDrawer[]).map((key) => (
        <Drawer key={key} title={TITLES[key]} open={open === key} onClose={close} destroyOnHidden size={Math.min(480, window.innerWidth)}>
          <div data-testid={`drawer-${key}`}>
            {key === 'login' ? (
              <LoginPanel onSignedIn={signedIn} />
            ) : (
              <RegisterForm kind={key === 'register-cliente' ? 'cliente' : 'profesional'} onSignedIn={signedIn} />
            )}
          </div>
        </Drawer>
      ))}
    </>
  );
}
