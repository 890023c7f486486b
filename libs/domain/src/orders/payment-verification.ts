import type { OrderStatus } from '../constants';
import type { OrderChangeReason } from '../events/events';
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

/**
 * Why an approved payment could not pay its order, as its client reads it ("…ya no podía pagarse (venció el plazo
 * para pagarla)"): the order was cancelled (by whom or what), or another payment had paid it already.
 */
export function unappliedPaymentReason(orderStatus: OrderStatus, cancellation: OrderChangeReason | null): string {
  if (orderStatus !== 'cancelada') return 'ya estaba pagada';
  switch (cancellation) {
    case 'payment-expired':
      return 'venció el plazo para pagarla';
    case 'client-cancelled':
      return 'la cancelaste';
    case 'cart-changed':
      return 'la reemplazaste por una compra nueva al cambiar tu carrito';
    case 'payment-rejected':
      return 'un pago anterior fue rechazado y la orden se canceló';
    case 'admin':
      return 'la canceló un administrador';
    default:
      return 'estaba cancelada';
  }
}

/** The idempotency key of the refund that gives back a whole payment that paid nothing (one per payment). */
export const unappliedPaymentRefundKey = (paymentId: number): string => `oficios-payment-${paymentId}-not-applied`;
