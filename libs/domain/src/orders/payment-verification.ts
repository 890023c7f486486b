import { centsToPesos, type Cents } from '../money/money';

/** What the payment provider says about a payment, once read back from it (its amount converted to cents at the adapter). */
export interface ReceivedPayment {
  status: 'approved' | 'rejected' | 'pending';
  amountCents: Cents;
  currency: string;
}

/** What an order expects of a payment that may move it. */
export interface ExpectedPayment {
  orderId: number;
  orderAmountCents: Cents;
  currency: string;
  /**
   * The payment carries the reference of a payment link this API created for this very order (the provider copies
   * the preference's metadata into its payments); a payment of any other preference proves nothing.
   */
  fromOwnLink: boolean;
}

const pesosText = (cents: Cents) => centsToPesos(cents).toFixed(2);

/**
 * Why a provider payment may not move its order, in Spanish for the administrators; empty when it may.
 * Fails closed: the wrong currency, less money than the order costs (compared in cents) or a payment that did not
 * come from one of our links for the order.
 */
export function paymentMismatches(payment: ReceivedPayment, expected: ExpectedPayment): string[] {
  const problems: string[] = [];
  if (!expected.fromOwnLink) problems.push(`El pago no viene de un link de pago creado para la orden ${expected.orderId}`);
  if (payment.currency !== expected.currency) problems.push(`Moneda ${payment.currency || 'desconocida'} en vez de ${expected.currency}`);
  else if (payment.amountCents < expected.orderAmountCents)
    problems.push(`Monto ${pesosText(payment.amountCents)} menor que el de la orden (${pesosText(expected.orderAmountCents)})`);
  return problems;
}
