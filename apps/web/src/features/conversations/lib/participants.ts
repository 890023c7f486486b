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

export function bookingOf(session: MeAnswer | null | undefined, bookingId: number | null): BookingSummary | null {
  if (bookingId === null || !session) return null;
  const bookings = [...(session.profile?.shoppingHistory ?? []), ...(session.profile?.jobs ?? [])];
  const booking = bookings.find((candidate) => candidate.id === bookingId);
  return booking ? { dates: booking.dates, lineStatus: booking.lineStatus } : null;
}
