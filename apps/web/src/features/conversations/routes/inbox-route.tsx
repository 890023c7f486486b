import { useSession } from '../../../shared/api/get-session';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { QueryError } from '../../../shared/ui/query-error';
import { InboxPage } from '../components/inbox-page';
import { SignInToRead } from '../components/sign-in-to-read';

/** /mensajes for the signed-in user. */
export function InboxRoute() {
  const session = useSession();
  if (session.isPending) return <PageSpinner label="Cargando mensajes" />;
  if (session.isError) return <QueryError error={session.error} title="No se pudieron cargar tus mensajes" />;
  if (!session.data) return <SignInToRead />;
  return <InboxPage viewer={session.data.dataValues} />;
}
