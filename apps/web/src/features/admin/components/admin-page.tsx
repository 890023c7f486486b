import { Button, Result } from 'antd';
import { useSetAtom } from 'jotai';
import { useSession } from '../../../shared/api/get-session';
import { authDrawerAtom } from '../../../shared/state/auth-drawer.atom';
import { LinkButton } from '../../../shared/ui/link-button';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { QueryError } from '../../../shared/ui/query-error';
import { AdminPanel } from './admin-panel';

const home = (
  <LinkButton key="home" to="/">
    Volver a Home
  </LinkButton>
);

/** /admin: the panel for administradores; anyone else is told why not. */
export function AdminPage() {
  const session = useSession();
  const openDrawer = useSetAtom(authDrawerAtom);

  if (session.isPending) return <PageSpinner label="Cargando panel" />;
  if (session.isError) return <QueryError error={session.error} title="No se pudo cargar tu sesión" />;
  if (!session.data) {
    return (
      <div data-testid="admin-sign-in">
        <Result
          status="403"
          title="Inicia sesión para continuar"
          subTitle="El panel de administración es solo para administradores: ingresa con tu cuenta."
          extra={[
            <Button key="login" type="primary" onClick={() => openDrawer('login')}>
              Ingresar
            </Button>,
            home,
          ]}
        />
      </div>
    );
  }
  if (session.data.dataValues.type !== 'administrador') {
    return (
      <div data-testid="admin-forbidden">
        <Result status="403" title="403" subTitle="No tienes permiso para ver esta página: es solo para administradores." extra={home} />
      </div>
    );
  }
  return <AdminPanel admin={session.data.dataValues} />;
}
