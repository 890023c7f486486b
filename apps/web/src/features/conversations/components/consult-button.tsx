import { MessageOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useSetAtom } from 'jotai';
import { useSession } from '../../../shared/api/get-session';
import { useHydrated } from '../../../shared/lib/use-hydrated';
import { authDrawerAtom } from '../../../shared/state/auth-drawer.atom';
import { useGoToConversation } from '../hooks/use-go-to-conversation';

/**
 * "Consultar" on a professional's page: a signed-in client opens its conversation with the professional (created on
 * first use); a visitor is asked to sign in first; professionals and administrators do not see it.
 */
export function ConsultButton({ professionalId }: { professionalId: number }) {
  const session = useSession();
  const openDrawer = useSetAtom(authDrawerAtom);
  const { go, pending, toastHolder } = useGoToConversation();
  // The server renders it with the session unknown (nothing): the same while the page is hydrated.
  const hydrated = useHydrated();
  if (!hydrated || session.isPending) return null;
  const user = session.data?.dataValues;
  if (user && user.type !== 'cliente') return null;
  return (
    <>
      {toastHolder}
      <Button
        icon={<MessageOutlined />}
        loading={pending}
        onClick={() => (user ? go({ professionalId }) : openDrawer('login'))}
        data-testid="consult-button"
      >
        Consultar
      </Button>
    </>
  );
}
