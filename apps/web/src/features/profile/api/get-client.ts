import type { ClientDetail, HistoryLine } from '@oficios/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';

/** GET /api/clients/{id}: only the client itself or an admin (401 anonymous, 403 someone else, 404 unknown). */
export function getClient(id: number, signal?: AbortSignal): Promise<ClientDetail> {
  return apiClient.get<ClientDetail>(`/api/clients/${id}`, { signal });
}

export const clientQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['clients', 'detail', id] as const,
    queryFn: ({ signal }) => getClient(id, signal),
  });

export function useClient(id: number | null) {
  return useQuery({ ...clientQueryOptions(id ?? 0), enabled: id !== null });
}

/** Every order detail of every order, newest first (what "Historial de Compras" lists). */
export function shoppingHistoryOf(client: ClientDetail): HistoryLine[] {
  return (client.orders ?? [])
    .flatMap((order) => order.orderDetails ?? [])
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
