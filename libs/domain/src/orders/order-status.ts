import { ORDER_STATUSES, type OrderStatus } from '../constants';
import type { OrderChangeReason } from '../events/events';

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * Cancellations a payment may still come after (the order ran out of time, its client gave up while the payment page
 * was still open, or an earlier attempt was refused): the money is owed back, since the order's dates were freed.
 */
const CANCELLED_WHILE_PAYABLE: readonly OrderChangeReason[] = ['payment-expired', 'client-cancelled', 'payment-rejected'];

/**
 * What a payment's outcome does to an order: an order waiting for payment moves on (approved: procesando, rejected:
 * cancelada); anything else stays as it is. A cancelled order's dates were freed (others may hold them now), so a late
 * payment never brings it back.
 */
export function statusAfterPayment(current: OrderStatus, payment: 'approved' | 'rejected' | 'pending'): OrderStatus | null {
  if (payment === 'pending' || current !== 'creada') return null;
  return payment === 'approved' ? 'procesando' : 'cancelada';
}

/** Why a verified payment moved nothing, for the administrators (its money, if taken, goes back). */
export function whyPaymentMovedNothing(
  current: OrderStatus,
  payment: 'approved' | 'rejected' | 'pending',
  cancellationReason: OrderChangeReason | null,
): string {
  if (current === 'creada') return 'sin pagar';
  if (current !== 'cancelada') return 'ya pagada';
  const cancelled = `cancelada (${cancellationReason ?? 'sin motivo'})`;
  const payableStill = payment === 'approved' && cancellationReason !== null && CANCELLED_WHILE_PAYABLE.includes(cancellationReason);
  return payableStill ? `${cancelled}; sus fechas ya se liberaron` : cancelled;
}

/** A client may cancel its own order only while it waits for payment. */
export const clientMayCancel = (status: OrderStatus): boolean => status === 'creada';
