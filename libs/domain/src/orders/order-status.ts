import { ORDER_STATUSES, type OrderStatus } from '../constants';

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** What a payment's outcome does to an order: only an order still waiting for payment moves. */
export function statusAfterPayment(current: OrderStatus, payment: 'approved' | 'rejected' | 'pending'): OrderStatus | null {
  if (current !== 'creada' || payment === 'pending') return null;
  return payment === 'approved' ? 'procesando' : 'cancelada';
}

/** A client may cancel its own order only while it waits for payment. */
export const clientMayCancel = (status: OrderStatus): boolean => status === 'creada';

/** Spec: the order date is shown as the first 15 characters of its creation date (e.g. "Sun Nov 22 2026"). */
export const orderDateLabel = (createdAt: Date | string): string => new Date(createdAt).toString().slice(0, 15);
