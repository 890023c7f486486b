/** Every query of the conversations feature sits under one root, so a reconnect or a sign-out reaches them all. */
export const CONVERSATIONS_QUERY_KEY = ['conversations'] as const;
export const conversationListKey = [...CONVERSATIONS_QUERY_KEY, 'list'] as const;
export const unreadTotalKey = [...CONVERSATIONS_QUERY_KEY, 'unread'] as const;
export const conversationKey = (id: number) => [...CONVERSATIONS_QUERY_KEY, 'detail', id] as const;
/** Root of the message histories (one infinite query per conversation). */
export const MESSAGES_QUERY_KEY = [...CONVERSATIONS_QUERY_KEY, 'messages'] as const;
export const messagesKey = (id: number) => [...MESSAGES_QUERY_KEY, id] as const;
