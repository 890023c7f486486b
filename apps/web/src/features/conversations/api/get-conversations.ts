import type { ConversationView } from '@oficios/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { conversationKey, conversationListKey, unreadTotalKey } from './conversation-keys';

/** `GET /api/conversations`: the viewer's conversations, newest `updatedAt` first. */
export function getConversations(signal?: AbortSignal): Promise<ConversationView[]> {
  return apiClient.get<ConversationView[]>('/api/conversations', { signal });
}

/** `GET /api/conversations/unread`: how many messages from the other side the viewer has not read, in all. */
export function getUnreadTotal(signal?: AbortSignal): Promise<{ total: number }> {
  return apiClient.get<{ total: number }>('/api/conversations/unread', { signal });
}

/** `GET /api/conversations/:id`: one conversation (its participants, and administrators when reported or disputed). */
export function getConversation(id: number, signal?: AbortSignal): Promise<ConversationView> {
  return apiClient.get<ConversationView>(`/api/conversations/${id}`, { signal });
}

export const conversationsQueryOptions = () =>
  queryOptions({ queryKey: conversationListKey, queryFn: ({ signal }) => getConversations(signal) });

/** The socket keeps it current (`unread` events); a reconnect refetches it. */
export const unreadTotalQueryOptions = () =>
  queryOptions({ queryKey: unreadTotalKey, queryFn: ({ signal }) => getUnreadTotal(signal), staleTime: Infinity });

export const conversationQueryOptions = (id: number) =>
  queryOptions({ queryKey: conversationKey(id), queryFn: ({ signal }) => getConversation(id, signal) });

export function useConversations() {
  return useQuery(conversationsQueryOptions());
}

export function useUnreadTotal(enabled = true) {
  return useQuery({ ...unreadTotalQueryOptions(), enabled });
}

export function useConversation(id: number | null) {
  return useQuery({ ...conversationQueryOptions(id ?? 0), enabled: id !== null });
}
