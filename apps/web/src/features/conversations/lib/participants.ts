import type { ConversationPerson, ConversationView, IsoDate, BookingStatus, MeAnswer } from '@oficios/domain';

/** The person on the other side of the conversation, for the viewer. */
export function otherPerson(conversation: ConversationView, viewerId: number): ConversationPerson {
  return conversation.client.id === viewerId ? conversation.professional : conversation.client;
}

export const fullName = (person: ConversationPerson) => `${person.firstName} ${person.lastName}`;

/** The booking a thread belongs to as the viewer's profile knows it (the client's history, the professional's jobs). */
export interface BookingSummary {
  dates: IsoDate[];
  lineStatus: BookingStatus | undefined;
}

export function bookingOf(session: MeAnswer | null | undefined, lineId: number | null): BookingSummary | null {
  if (lineId === null || !session) return null;
  const lines = [...(session.profile?.shoppingHistory ?? []), ...(session.profile?.jobs ?? [])];
  const line = lines.find((candidate) => candidate.id === lineId);
  return line ? { dates: line.dates, lineStatus: line.lineStatus } : null;
}
