import { atom } from 'jotai';

/** The conversation on screen (its page is open), if any: its new messages are read, not counted as unread. */
export const readingConversationAtom = atom<number | null>(null);
