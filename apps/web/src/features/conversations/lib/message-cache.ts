import type { ConversationView, MessagePage, MessageRead, MessageView } from '@oficios/domain';
import type { InfiniteData } from '@tanstack/react-query';

/** Where a page of history starts: `before` an id (older messages), or nothing (the newest ones). */
export interface MessageCursor {
  before?: number;
}

/** A conversation's loaded history as React Query keeps it: pages oldest first, each ascending by id. */
export type MessagePages = InfiniteData<MessagePage, MessageCursor>;

/** What the socket (and `POST .../read`) says when someone reads a conversation. */
export type ReadReceipt = MessageRead;

const byId = (a: MessageView, b: MessageView) => a.id - b.id;

/** The loaded messages, ascending by id. */
export function flattenMessages(data: MessagePages | undefined): MessageView[] {
  return data ? data.pages.flatMap((page) => page.items) : [];
}

/** The newest message id loaded, or null when nothing is. */
export function lastMessageId(data: MessagePages | undefined): number | null {
  let last: number | null = null;
  for (const page of data?.pages ?? []) for (const message of page.items) if (last === null || message.id > last) last = message.id;
  return last;
}

/**
 * The history with `incoming` messages added (a socket event, a sent message, a catch-up after a reconnect): one
 * copy of each id, every page ascending, and each message in the page that covers its id (new ones end up in the
 * last page). Answers the same object when nothing is new, so React Query does not re-render for a duplicate.
 */
export function addMessages(data: MessagePages | undefined, incoming: readonly MessageView[]): MessagePages | undefined {
  if (!data) return data;
  const seen = new Set(flattenMessages(data).map((message) => message.id));
  const fresh = [...new Map(incoming.filter((message) => !seen.has(message.id)).map((message) => [message.id, message])).values()];
  if (fresh.length === 0) return data;
  if (data.pages.length === 0) return { ...data, pages: [{ items: fresh.sort(byId), hasMore: false }], pageParams: [{}] };

  const additions = data.pages.map(() => [] as MessageView[]);
  for (const message of fresh) {
    // The last page whose first message is not newer than this one; the first page for anything older than all.
    let index = 0;
    data.pages.forEach((page, candidate) => {
      const first = page.items[0];
      if (first === undefined || first.id <= message.id) index = candidate;
    });
    additions[index]!.push(message);
  }
  return {
    ...data,
    pages: data.pages.map((page, index) =>
      additions[index]!.length === 0 ? page : { ...page, items: [...page.items, ...additions[index]!].sort(byId) },
    ),
  };
}

const newestFirst = (a: ConversationView, b: ConversationView) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id;

/**
 * The inbox after a new message: its conversation gets it as the last message (and its time), one more unread when
 * the other side wrote it and the viewer is not reading that conversation, and moves to the top.
 * Answers `found: false` when the conversation is not in the list (a new one: the list must be fetched again).
 */
export function bumpConversation(
  list: readonly ConversationView[],
  message: MessageView,
  { viewerId, reading }: { viewerId: number; reading: boolean },
): { list: ConversationView[]; found: boolean } {
  let found = false;
  const updated = list.map((conversation) => {
    if (conversation.id !== message.conversationId) return conversation;
    found = true;
    if (conversation.lastMessage && conversation.lastMessage.id >= message.id) return conversation;
    const fromOther = message.senderId !== null && message.senderId !== viewerId;
    return {
      ...conversation,
      lastMessage: message,
      updatedAt: message.createdAt > conversation.updatedAt ? message.createdAt : conversation.updatedAt,
      unread: fromOther && !reading ? conversation.unread + 1 : conversation.unread,
    };
  });
  return { list: found ? updated.sort(newestFirst) : updated, found };
}

/** A conversation after a read receipt: the viewer's own reading clears its unread count; the other's moves "Visto". */
export function applyReadReceipt(conversation: ConversationView, receipt: ReadReceipt, viewerId: number): ConversationView {
  if (conversation.id !== receipt.conversationId) return conversation;
  if (receipt.readerId === viewerId) return conversation.unread === 0 ? conversation : { ...conversation, unread: 0 };
  if (conversation.otherReadUpTo !== null && conversation.otherReadUpTo >= receipt.upTo) return conversation;
  return { ...conversation, otherReadUpTo: receipt.upTo };
}

/** The viewer's own message the "Visto" goes under: the newest one the other side has read, or null. */
export function seenMessageId(messages: readonly MessageView[], viewerId: number, otherReadUpTo: number | null): number | null {
  if (otherReadUpTo === null) return null;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.senderId === viewerId && message.id <= otherReadUpTo) return message.id;
  }
  return null;
}
