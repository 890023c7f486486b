import { Flex } from 'antd';
import { useParams } from 'react-router-dom';
import { isApiError } from '../../../shared/api/api-client';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { QueryError } from '../../../shared/ui/query-error';
import { shoppingHistoryOf, useClient } from '../api/get-client';
import { ClientProfile } from './client-profile';
import { NoUser } from './no-user';

function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** /details/client/:id — the API lets only that client or an admin see it. */
export function ClientProfilePage() {
  const id = parseId(useParams().id);
  const client = useClient(id);

  if (id === null || [401, 403, 404].some((status) => isApiError(client.error, status))) return <NoUser />;
  if (client.isPending) return <PageSpinner label="Cargando perfil" />;
  if (client.isError) {
    return (
      <Flex vertical gap="middle">
        <QueryError error={client.error} title="No se pudo cargar el perfil" />
      </Flex>
    );
  }
  return <ClientProfile client={client.data} history={shoppingHistoryOf(client.data)} />;
}
