import type { ConversationView, MessagePage } from '@oficios/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';

export const ADMIN_CONVERSATIONS_QUERY_KEY = ['admin', 'conversations'] as const;

/** `GET /api/admin/conversations` (administrador): the reported conversations and those of disputed bookings. */
export function getAdminConversations(signal?: AbortSignal): Promise<ConversationView[]> {
  return apiClient.get<ConversationView[]>('/api/admin/conversations', { signal });
}

/** `GET /api/admin/conversations/:id/messages?before=`: one of them, read-only, 30 at a time from the newest. */
export function getAdminMessages(id: number, before: number | undefined, signal?: AbortSignal): Promise<MessagePage> {
  return apiClient.get<MessagePage>(`/api/admin/conversations/${id}/messages`, { params: { before }, signal });
}

export function useAdminConversations() {
  return useQuery({ queryKey: ADMIN_CONVERSATIONS_QUERY_KEY, queryFn: ({ signal }) => getAdminConversations(signal) });
}

/** The conversation's history; older pages are asked for with "Cargar mensajes anteriores" and go on top. */
export function useAdminMessages(id: number) {
  return useInfiniteQuery({
    queryKey: [...ADMIN_CONVERSATIONS_QUERY_KEY, id, 'messages'],
    queryFn: ({ pageParam, signal }) => getAdminMessages(id, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getPreviousPageParam: (first) => (first.hasMore && first.items[0] ? first.items[0].id : undefined),
    getNextPageParam: () => undefined,
  });
}
