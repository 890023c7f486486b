import { pesosToCents, type CheckoutOrderLine, type NewOrder } from '@oficios/domain';
import type { SummaryLine } from '../atoms/checkout.atom';
import type { PaymentItem } from '../api/request-payment';

/** The order as the summary lists it: the server's lines (professional, days, prices), nothing recomputed here. */
export function summaryLines(order: NewOrder): SummaryLine[] {
  return order.lines.map((line: CheckoutOrderLine) => ({
    professionalId: line.professionalId,
    name: `${line.professional.firstName} ${line.professional.lastName}`,
    professions: line.professional.professions.map((profession) => profession.name).join(', '),
    days: line.days,
    dates: line.dates,
    dayPrice: line.dayPrice,
    priceCents: pesosToCents(line.reservationAmount),
  }));
}

/** The payment request's items: one per professional, the day price times the number of days. */
export function paymentItems(lines: readonly SummaryLine[]): PaymentItem[] {
  return lines.map((line) => ({ title: `${line.name} (${line.professions})`, price: line.dayPrice, quantity: line.days.length }));
}
