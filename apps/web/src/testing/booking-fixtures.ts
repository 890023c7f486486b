import type { BookingFields } from '@oficios/domain';

/** The booking fields of a confirmed line with the given dates (order line fixtures spread it, then override). */
export function bookingFields(overrides: Partial<BookingFields> = {}): BookingFields {
  return {
    dates: [],
    lineStatus: 'confirmed',
    responseDueAt: null,
    declineReason: null,
    refundedAmount: 0,
    refunds: [],
    dispute: null,
    ...overrides,
  };
}
