import type { ConversationView, MessageView } from '@oficios/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { addMessages, applyReadReceipt, bumpConversation, type MessagePages, type ReadReceipt } from '../lib/message-cache';
import { conversationKey, conversationListKey, messagesKey, unreadTotalKey } from './conversation-keys';

/** Who the conversation is opened with: a professional (an inquiry before booking) or a booking (its thread). */
export type OpenConversationInput = { professionalId: number } | { lineId: number };

/** `POST /api/conversations`: the client's open conversation with a professional, or a booking's thread. */
export function openConversation(input: OpenConversationInput): Promise<ConversationView> {
  return apiClient.post<ConversationView>('/api/conversations', input);
}

export interface NewMessage {
  text: string;
  images: File[];
}

/** `POST /api/conversations/:id/messages`: JSON for text alone, multipart (`text`, `images`) with pictures. */
export function sendMessage(id: number, { text, images }: NewMessage): Promise<MessageView> {
  if (images.length === 0) return apiClient.post<MessageView>(`/api/conversations/${id}/messages`, { text });
  const form = new FormData();
  form.append('text', text);
  for (const image of images) form.append('images', image);
  return apiClient.post<MessageView>(`/api/conversations/${id}/messages`, form);
}

/** `POST /api/conversations/:id/read`: the viewer has seen everything up to `upTo`. */
export function markRead(id: number, upTo: number): Promise<ReadReceipt> {
  return apiClient.post<ReadReceipt>(`/api/conversations/${id}/read`, { upTo });
}

/** `POST /api/conversations/:id/report`: asks an administrator to look at the conversation. */
export function reportConversation(id: number, reason?: string): Promise<{ reported: true }> {
  return apiClient.post<{ reported: true }>(`/api/conversations/${id}/report`, reason ? { reason } : {});
}

/** A message (sent, or from the socket) into the cache: its conversation's history and the inbox. */
export function receiveMessage(
  queryClient: QueryClient,
  message: MessageView,
  { viewerId, reading }: { viewerId: number; reading: boolean },
) {
  queryClient.setQueryData<MessagePages>(messagesKey(message.conversationId), (data) => addMessages(data, [message]));
  let known = false;
  queryClient.setQueryData<ConversationView[]>(conversationListKey, (list) => {
    if (!list) return list;
    const bumped = bumpConversation(list, message, { viewerId, reading });
    known = bumped.found;
    return bumped.list;
  });
  if (!known) void queryClient.invalidateQueries({ queryKey: conversationListKey });
  // A booking event (paid, cancelled...) may change what the thread masks: ask for the conversation again.
  if (message.kind === 'system') void queryClient.invalidateQueries({ queryKey: conversationKey(message.conversationId) });
  queryClient.setQueryData<ConversationView>(conversationKey(message.conversationId), (conversation) =>
    conversation && (conversation.lastMessage?.id ?? 0) < message.id
      ? { ...conversation, lastMessage: message, updatedAt: message.createdAt }
      : conversation,
  );
}

/** A read receipt (answered, or from the socket) into the cache: "Visto" for the other's, cleared counts for one's own. */
export function receiveReadReceipt(queryClient: QueryClient, receipt: ReadReceipt, viewerId: number) {
  queryClient.setQueryData<ConversationView[]>(conversationListKey, (list) =>
    list?.map((conversation) => applyReadReceipt(conversation, receipt, viewerId)),
  );
  queryClient.setQueryData<ConversationView>(conversationKey(receipt.conversationId), (conversation) =>
    conversation ? applyReadReceipt(conversation, receipt, viewerId) : conversation,
  );
}

export function useSendMessage(id: number, viewerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: NewMessage) => sendMessage(id, message),
    onSuccess: (message) => receiveMessage(queryClient, message, { viewerId, reading: true }),
  });
}

export function useMarkRead(id: number, viewerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) => markRead(id, upTo),
    onSuccess: (receipt) => {
      receiveReadReceipt(queryClient, receipt, viewerId);
      // The socket's `unread` says the new total too; asking keeps the badge right without it.
      void queryClient.invalidateQueries({ queryKey: unreadTotalKey });
    },
  });
}

export function useReportConversation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason?: string) => reportConversation(id, reason),
    onSuccess: () => {
      queryClient.setQueryData<ConversationView>(conversationKey(id), (conversation) =>
        conversation ? { ...conversation, reported: true } : conversation,
      );
      void queryClient.invalidateQueries({ queryKey: conversationListKey });
    },
  });
}

/**
 * A conversation as the API now answers it into the cache. Texts are masked by the server for the viewer: once the
 * conversation stops masking (a booking was paid), a history kept from before is dropped and read again.
 */
export function storeConversation(queryClient: QueryClient, conversation: ConversationView) {
  const before = queryClient.getQueryData<ConversationView>(conversationKey(conversation.id));
  if (before?.masked && !conversation.masked) void queryClient.resetQueries({ queryKey: messagesKey(conversation.id) });
  queryClient.setQueryData(conversationKey(conversation.id), conversation);
}

export function useOpenConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openConversation,
    onSuccess: (conversation) => storeConversation(queryClient, conversation),
  });
}
