import { pesosToCents, type CheckoutOrderLine, type JobRequestView, type NewOrder } from '@oficios/domain';
import type { SummaryBooking } from '../atoms/checkout.atom';
import type { PaymentItem } from '../api/request-payment';

/** The order's bookings as the summary lists them (professional, days, prices): the server's, nothing recomputed here. */
export function summaryBookings(order: NewOrder): SummaryBooking[] {
  return order.lines.map((booking: CheckoutOrderLine) => ({
    professionalId: booking.professionalId,
    name: `${booking.professional.firstName} ${booking.professional.lastName}`,
    professions: booking.professional.professions.map((profession) => profession.name).join(', '),
    days: booking.days,
    dates: booking.dates,
    dayPrice: booking.dayPrice,
    priceCents: pesosToCents(booking.reservationAmount),
    jobRequest: booking.jobRequest ?? null,
  }));
}

/** The payment request's items: one per professional, the day price times the number of days. */
export function paymentItems(bookings: readonly SummaryBooking[]): PaymentItem[] {
  return bookings.map((booking) => ({
    title: `${booking.name} (${booking.professions})`,
    price: booking.dayPrice,
    quantity: booking.days.length,
  }));
}

/** Words of a request the summary shows. */
const GLIMPSE_WORDS = 8;

/** A request's first words ("…" when it goes on), or how many photos it has when it has no text. */
export function requestGlimpse(request: JobRequestView): string {
  const words = request.text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return request.images.length === 1 ? '1 foto' : `${request.images.length} fotos`;
  return words.length > GLIMPSE_WORDS ? `${words.slice(0, GLIMPSE_WORDS).join(' ')}…` : words.join(' ');
}
