import { pesosToCents, type CheckoutOrderLine, type NewOrder } from '@oficios/domain';
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
