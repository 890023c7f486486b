import { conversation, message, page, PROFESSIONAL } from '../../../testing/conversation-fixtures';
import {
  addMessages,
  applyReadReceipt,
  bumpConversation,
  flattenMessages,
  lastMessageId,
  seenMessageId,
  type MessagePages,
} from './message-cache';

const history = (...pages: ReturnType<typeof page>[]): MessagePages => ({
  pages,
  pageParams: pages.map((_, index) => (index === pages.length - 1 ? {} : { before: pages[index + 1]!.items[0]!.id })),
});
const ids = (data: MessagePages | undefined) => flattenMessages(data).map((m) => m.id);

describe('addMessages (the history cache)', () => {
  it('appends new messages at the end, ascending, and never twice', () => {
    const data = history(page(1, 3), page(4, 6));
    const next = addMessages(data, [message(8), message(6), message(7), message(8)]);
    expect(ids(next)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(next!.pages[0]).toBe(data.pages[0]);
    expect(next!.pages[1]!.items.map((m) => m.id)).toEqual([4, 5, 6, 7, 8]);
  });

  it('puts a message that arrives late in the page that covers its id, keeping the whole history in order', () => {
    const data = history(page(1, 3), page(10, 12));
    const next = addMessages(data, [message(13), message(11), message(5), message(9)]);
    expect(ids(next)).toEqual([1, 2, 3, 5, 9, 10, 11, 12, 13]);
    expect(next!.pages[0]!.items.map((m) => m.id)).toEqual([1, 2, 3, 5, 9]);
  });

  it('answers the same object when everything is already there (no re-render for a duplicate event)', () => {
    const data = history(page(1, 3));
    expect(addMessages(data, [message(2), message(3)])).toBe(data);
    expect(addMessages(data, [])).toBe(data);
  });

  it('leaves a history that was never loaded alone, and fills an empty one', () => {
    expect(addMessages(undefined, [message(1)])).toBeUndefined();
    expect(ids(addMessages(history({ items: [], hasMore: false }), [message(2), message(1)]))).toEqual([1, 2]);
  });

  it('knows the newest id loaded', () => {
    expect(lastMessageId(undefined)).toBeNull();
    expect(lastMessageId(history({ items: [], hasMore: false }))).toBeNull();
    expect(lastMessageId(history(page(1, 3), page(4, 9)))).toBe(9);
  });
});

describe('bumpConversation (the inbox)', () => {
  const list = [
    conversation(1, { updatedAt: '2026-11-22T13:05:00.000Z', lastMessage: message(5), unread: 0 }),
    conversation(2, { updatedAt: '2026-11-22T12:00:00.000Z', unread: 1 }),
  ];

  it('moves the conversation of a new message to the top with it as its last message and one more unread', () => {
    const incoming = message(20, { conversationId: 2, senderId: PROFESSIONAL.id, createdAt: '2026-11-22T14:00:00.000Z' });
    const { list: next, found } = bumpConversation(list, incoming, { viewerId: 5, reading: false });
    expect(found).toBe(true);
    expect(next.map((c) => c.id)).toEqual([2, 1]);
    expect(next[0]).toMatchObject({ lastMessage: incoming, updatedAt: '2026-11-22T14:00:00.000Z', unread: 2 });
  });

  it('does not count the viewer’s own messages, nor those of the conversation being read, nor one seen already', () => {
    const own = message(21, { conversationId: 2, createdAt: '2026-11-22T14:00:00.000Z' });
    expect(bumpConversation(list, own, { viewerId: 5, reading: false }).list[0]!.unread).toBe(1);
    const read = message(22, { conversationId: 2, senderId: PROFESSIONAL.id, createdAt: '2026-11-22T14:00:00.000Z' });
    expect(bumpConversation(list, read, { viewerId: 5, reading: true }).list[0]!.unread).toBe(1);
    const old = message(5, { senderId: PROFESSIONAL.id });
    expect(bumpConversation(list, old, { viewerId: 5, reading: false }).list).toEqual(list);
  });

  it('says when the conversation is not in the list (a new one)', () => {
    expect(bumpConversation(list, message(30, { conversationId: 9 }), { viewerId: 5, reading: false }).found).toBe(false);
  });
});

describe('read receipts', () => {
  it('moves the other side’s "Visto" forward only, and clears the viewer’s count when it reads', () => {
    const seen = conversation(1, { otherReadUpTo: 4, unread: 3 });
    expect(applyReadReceipt(seen, { conversationId: 1, readerId: 7, upTo: 6 }, 5).otherReadUpTo).toBe(6);
    expect(applyReadReceipt(seen, { conversationId: 1, readerId: 7, upTo: 2 }, 5)).toBe(seen);
    expect(applyReadReceipt(seen, { conversationId: 1, readerId: 5, upTo: 9 }, 5).unread).toBe(0);
    expect(applyReadReceipt(seen, { conversationId: 2, readerId: 7, upTo: 9 }, 5)).toBe(seen);
  });

  it('puts "Visto" under the newest own message the other side has read', () => {
    const messages = [message(1), message(2, { senderId: 7 }), message(3), message(4), message(5, { senderId: 7 })];
    expect(seenMessageId(messages, 5, null)).toBeNull();
    expect(seenMessageId(messages, 5, 3)).toBe(3);
    expect(seenMessageId(messages, 5, 10)).toBe(4);
    expect(seenMessageId(messages, 5, 0)).toBeNull();
  });
});
