import { ORDER_STATUSES, type OrderStatus } from '../constants';
import type { OrderChangeReason } from '../events/events';

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * Why an order was cancelled, when money arriving afterwards should bring it back: it ran out of
 * time, its client gave up while the payment page was still open, or an earlier attempt was refused.
 * An order an administrator cancelled, or one replaced by a new order of its changed cart ('cart-changed'), stays
 * cancelled: the payment is then for a refund.
 */
export const REVIVABLE_CANCELLATIONS: readonly OrderChangeReason[] = ['payment-expired', 'client-cancelled', 'payment-rejected'];

/**
 * What a payment's outcome does to an order: an order waiting for payment moves on; an approved
 * payment also revives an order cancelled for a revivable reason (the client did pay); anything
 * else stays as it is.
 */
export function statusAfterPayment(
  current: OrderStatus,
  payment: 'approved' | 'rejected' | 'pending',
  cancellationReason: OrderChangeReason | null = null,
): OrderStatus | null {
  if (payment === 'pending') return null;
  if (current === 'creada') return payment === 'approved' ? 'procesando' : 'cancelada';
  const revivable = cancellationReason !== null && REVIVABLE_CANCELLATIONS.includes(cancellationReason);
  return current === 'cancelada' && payment === 'approved' && revivable ? 'procesando' : null;
}

/** A client may cancel its own order only while it waits for payment. */
export const clientMayCancel = (status: OrderStatus): boolean => status === 'creada';

/** Spec: the order date is shown as the first 15 characters of its creation date (e.g. "Sun Nov 22 2026"). */
export const orderDateLabel = (createdAt: Date | string): string => new Date(createdAt).toString().slice(0, 15);
