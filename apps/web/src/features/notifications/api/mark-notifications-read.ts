import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { NOTIFICATIONS_QUERY_KEY } from './get-notifications';

/** POST /api/notifications/read: the user has seen them all. */
export function markNotificationsRead(): Promise<void> {
  return apiClient.post<void>('/api/notifications/read', {});
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
