import { priceCart } from '@oficios/domain';
import { pricingOf, type CartItem } from '../atoms/cart.atom';
import type { SummaryLine } from '../atoms/checkout.atom';
import type { PaymentItem } from '../api/request-payment';

/** The cart as the order summary lists it, priced by the domain's rule (days × dayPrice). */
export function summaryLines(items: readonly CartItem[]): SummaryLine[] {
  const { lines } = priceCart(items.map(pricingOf));
  return items.map(({ professional, days }, index) => ({
    professionalId: professional.id,
    name: `${professional.firstName} ${professional.lastName}`,
    professions: professional.professions.map((profession) => profession.name).join(', '),
    days,
    dayPrice: professional.dayPrice,
    priceCents: lines[index]?.priceCents ?? 0,
  }));
}

/** The payment request's items: one per professional, the day price times the number of days. */
export function paymentItems(lines: readonly SummaryLine[]): PaymentItem[] {
  return lines.map((line) => ({ title: `${line.name} (${line.professions})`, price: line.dayPrice, quantity: line.days.length }));
}
