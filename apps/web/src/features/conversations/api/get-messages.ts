import type { MessagePage } from '@oficios/domain';
import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { addMessages, lastMessageId, type MessageCursor, type MessagePages } from '../lib/message-cache';
import { messagesKey } from './conversation-keys';

/** How many messages a page of history holds (the API's default). */
export const MESSAGES_PAGE_SIZE = 30;
/** The most a catch-up asks at once (the API's maximum). */
const CATCH_UP_PAGE_SIZE = 50;

export interface MessagesQuery {
  before?: number;
  after?: number;
  limit?: number;
}

/**
 * `GET /api/conversations/:id/messages`: the newest messages, those `before` an id (scrolling up) or those `after`
 * one (catching up), ascending by id.
 */
export function getMessages(id: number, query: MessagesQuery = {}, signal?: AbortSignal): Promise<MessagePage> {
  return apiClient.get<MessagePage>(`/api/conversations/${id}/messages`, { params: { ...query }, signal });
}

/**
 * A conversation's history, 30 at a time, older pages prepended as the list scrolls up. Never refetched as a whole
 * (that would drop the older pages): new messages are added to it by the socket, by sending, and by `catchUpMessages`.
 */
export function useMessages(id: number | null) {
  return useInfiniteQuery<MessagePage, Error, MessagePages, readonly unknown[], MessageCursor>({
    queryKey: messagesKey(id ?? 0),
    queryFn: ({ pageParam, signal }) => getMessages(id!, { ...pageParam, limit: MESSAGES_PAGE_SIZE }, signal),
    initialPageParam: {},
    getPreviousPageParam: (first): MessageCursor | undefined =>
      first.hasMore && first.items[0] ? { before: first.items[0].id } : undefined,
    getNextPageParam: (): MessageCursor | undefined => undefined,
    enabled: id !== null,
    staleTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}

/**
 * Asks for everything newer than the last message loaded for conversation `id` and adds it (after a reconnect, or
 * when a page opens a cached conversation): none lost, none twice. Nothing to do for a history not loaded.
 */
export async function catchUpMessages(queryClient: QueryClient, id: number): Promise<void> {
  let after = lastMessageId(queryClient.getQueryData<MessagePages>(messagesKey(id)));
  while (after !== null) {
    const page = await getMessages(id, { after, limit: CATCH_UP_PAGE_SIZE });
    queryClient.setQueryData<MessagePages>(messagesKey(id), (data) => addMessages(data, page.items));
    const newest = page.items.at(-1)?.id;
    if (!page.hasMore || newest === undefined || newest <= after) return;
    after = newest;
  }
}
