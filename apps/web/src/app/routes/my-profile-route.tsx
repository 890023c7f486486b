import { Flex, Result } from 'antd';
import { lazy, Suspense } from 'react';
import { AccountSecurity } from '../../features/auth/components/account-security';
import { ConversationLink } from '../../features/conversations/components/conversation-link';
import { NoUser } from '../../features/profile/components/no-user';
import { useSession } from '../../shared/api/get-session';
import { PageSpinner } from '../../shared/ui/page-spinner';
import { QueryError } from '../../shared/ui/query-error';

// Each kind of user's page is its own chunk: the admin panel (tables, drawers, forms), the client's (its history, the
// edit and review forms with their rules) and the professional's (jobs, calendar). Nobody's page starts by running
// the code of another kind's.
const AdminPanel = lazy(() => import('../../features/admin/components/admin-panel').then((m) => ({ default: m.AdminPanel })));
const ClientProfile = lazy(() => import('../../features/profile/components/client-profile').then((m) => ({ default: m.ClientProfile })));
const ProfessionalProfile = lazy(() =>
  import('../../features/profile/components/professional-profile').then((m) => ({ default: m.ProfessionalProfile })),
);

/** /details/me: the signed-in user's own page, chosen by the user's type. */
export function MyProfileRoute() {
  const session = useSession();
  if (session.isPending) return <PageSpinner label="Cargando perfil" />;
  if (session.isError) return <QueryError error={session.error} title="No se pudo cargar tu perfil" />;
  if (!session.data) return <NoUser />;

  const { dataValues: user, profile } = session.data;
  const security = <AccountSecurity user={user} />;
  switch (user.type) {
    case 'administrador':
      return (
        <Flex vertical gap="large">
          <Suspense fallback={<PageSpinner label="Cargando panel" />}>
            <AdminPanel admin={user} />
          </Suspense>
          {security}
        </Flex>
      );
    case 'cliente':
      return (
        <Flex vertical gap="large">
          <ClientProfile
            client={user}
            history={profile?.shoppingHistory ?? []}
            conversationLink={(booking) => <ConversationLink bookingId={booking.id} />}
          />
          {security}
        </Flex>
      );
    case 'profesional':
      return (
        <Flex vertical gap="large">
          <ProfessionalProfile
            professional={user}
            reviews={profile?.reviews ?? []}
            jobs={profile?.jobs ?? []}
            jobAction={(job) => <ConversationLink bookingId={job.id} />}
          />
          {security}
        </Flex>
      );
    default:
      return (
        <div data-testid="unknown-user-type">
          <Result status="warning" title="No existe dicho usuario" />
        </div>
      );
  }
}
