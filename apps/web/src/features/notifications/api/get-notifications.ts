import type { AppNotification } from '@oficios/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;
/** New paid jobs arrive from a worker: the bell asks again now and then. */
export const NOTIFICATIONS_REFRESH_MS = 30_000;

export function getNotifications(signal?: AbortSignal): Promise<AppNotification[]> {
  return apiClient.get<AppNotification[]>('/api/notifications', { signal });
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
