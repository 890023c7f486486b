import { Result } from 'antd';
import { useParams } from 'react-router-dom';
import { useSession } from '../../../shared/api/get-session';
import { LinkButton } from '../../../shared/ui/link-button';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { QueryError } from '../../../shared/ui/query-error';
import { ConversationPage } from '../components/conversation-page';
import { SignInToRead } from '../components/sign-in-to-read';

function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** /mensajes/:id for the signed-in user (keyed by the conversation, so another one starts fresh). */
export function ConversationRoute() {
  const id = parseId(useParams().id);
  const session = useSession();
  if (session.isPending) return <PageSpinner label="Cargando conversación" />;
  if (session.isError) return <QueryError error={session.error} title="No se pudo cargar la conversación" />;
  if (!session.data) return <SignInToRead />;
  if (id === null) {
    return (
      <div data-testid="conversation-unavailable">
        <Result
          status="404"
          title="La conversación no existe"
          extra={
            <LinkButton to="/mensajes" type="primary">
              Volver a Mensajes
            </LinkButton>
          }
        />
      </div>
    );
  }
  return <ConversationPage key={id} conversationId={id} session={session.data} />;
}
