import { Button, Result } from 'antd';
import { useSetAtom } from 'jotai';
import { authDrawerAtom } from '../../../shared/state/auth-drawer.atom';

/** What /mensajes shows a visitor: messages are a signed-in user's. */
export function SignInToRead() {
  const openDrawer = useSetAtom(authDrawerAtom);
  return (
    <div data-testid="messages-sign-in">
      <Result
        status="403"
        title="Inicia sesión para ver tus mensajes"
        extra={
          <Button type="primary" onClick={() => openDrawer('login')}>
            Iniciar Sesion
          </Button>
        }
      />
    </div>
  );
}
