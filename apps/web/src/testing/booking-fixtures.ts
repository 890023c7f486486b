import { weekdayOf, type BookingFields, type Day, type IsoDate } from '@oficios/domain';

/** The spec's `days` of a booking: the weekday name of each of its dates. */
export const weekdaysOf = (dates: readonly IsoDate[]): Day[] => dates.map((date) => weekdayOf(date)!);

/** The booking fields of a confirmed booking on Monday 7 December 2026 (booking fixtures spread it, then override). */
export function bookingFields(overrides: Partial<BookingFields> = {}): BookingFields {
  return {
    dates: ['2026-12-07'],
    lineStatus: 'confirmed',
    responseDueAt: null,
    declineReason: null,
    refundedAmount: 0,
    refunds: [],
    dispute: null,
    jobRequest: null,
    ...overrides,
  };
}
