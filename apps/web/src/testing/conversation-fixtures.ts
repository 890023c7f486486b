import type { ConversationPerson, ConversationView, MessagePage, MessageView } from '@oficios/domain';

export const CLIENT: ConversationPerson = { id: 5, firstName: 'Ana', lastName: 'Ruiz', profileImg: null };
export const PROFESSIONAL: ConversationPerson = { id: 7, firstName: 'Lucía', lastName: 'Gómez', profileImg: '/avatars/7.svg' };

/** A message of conversation 1 (from the client unless said otherwise), written `id` minutes after 10:00. */
export function message(id: number, overrides: Partial<MessageView> = {}): MessageView {
  return {
    id,
    conversationId: 1,
    senderId: CLIENT.id,
    kind: 'text',
    text: `Mensaje ${id}`,
    images: [],
    createdAt: new Date(Date.UTC(2026, 10, 22, 13, id)).toISOString(),
    ...overrides,
  };
}

export function conversation(id: number, overrides: Partial<ConversationView> = {}): ConversationView {
  return {
    id,
    client: CLIENT,
    professional: PROFESSIONAL,
    lineId: null,
    orderId: null,
    masked: true,
    lastMessage: null,
    unread: 0,
    otherReadUpTo: null,
    updatedAt: '2026-11-22T13:00:00.000Z',
    reported: false,
    ...overrides,
  };
}

/** Messages `from`..`to` (ascending) as one page. */
export function page(from: number, to: number, hasMore = false, overrides: (id: number) => Partial<MessageView> = () => ({})): MessagePage {
  const items: MessageView[] = [];
  for (let id = from; id <= to; id++) items.push(message(id, overrides(id)));
  return { items, hasMore };
}
