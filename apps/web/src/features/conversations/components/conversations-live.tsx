import { useConversationsLive } from '../hooks/use-conversations-live';

/** Mounted by the layout while someone is signed in (keyed by the user): the live connection, nothing on screen. */
export function ConversationsLive({ viewerId }: { viewerId: number }) {
  useConversationsLive(viewerId);
  return null;
}
