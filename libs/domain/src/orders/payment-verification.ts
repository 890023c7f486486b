/** An amount of money in whole cents (amounts travel as pesos with up to two decimals). */
export const toCents = (amount: number): number => Math.round(amount * 100);

/** What the payment provider says about a payment, once read back from it. */
export interface ReceivedPayment {
  status: 'approved' | 'rejected' | 'pending';
  amount: number;
  currency: string;
}

/** What an order expects of a payment that may move it. */
export interface ExpectedPayment {
  orderId: number;
  orderAmount: number;
  currency: string;
  /**
   * The payment carries the reference of a payment link this API created for this very order (the provider copies
   * the preference's metadata into its payments); a payment of any other preference proves nothing.
   */
  fromOwnLink: boolean;
}

/**
 * Why a provider payment may not move its order, in Spanish for the administrators; empty when it may.
 * Fails closed: the wrong currency, less money than the order costs (compared in cents) or a payment that did not
 * come from one of our links for the order.
 */
export function paymentMismatches(payment: ReceivedPayment, expected: ExpectedPayment): string[] {
  const problems: string[] = [];
  if (!expected.fromOwnLink) problems.push(`El pago no viene de un link de pago creado para la orden ${expected.orderId}`);
  if (payment.currency !== expected.currency) problems.push(`Moneda ${payment.currency || 'desconocida'} en vez de ${expected.currency}`);
  else if (toCents(payment.amount) < toCents(expected.orderAmount))
    problems.push(`Monto ${payment.amount.toFixed(2)} menor que el de la orden (${expected.orderAmount.toFixed(2)})`);
  return problems;
}
