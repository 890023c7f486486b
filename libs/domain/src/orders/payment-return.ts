import type { OrderStatus } from '../constants';
import type { BookingStatus } from '../bookings/booking-lifecycle';
import { BOOKING_STATUS_LABELS } from '../bookings/booking-lifecycle';
import type { OrderChangeReason } from '../events/events';

/**
 * Where a client's payment stands once back from MercadoPago, as the server read it from the provider (the back URL's
 * own `status` is never believed): approved (the order is paid), pending, rejected, returned (money taken for an order
 * that could no longer be paid: it goes back) or none (the client left the payment page unpaid).
 */
export const PAYMENT_RETURN_STATES = ['approved', 'pending', 'rejected', 'returned', 'none'] as const;
export type PaymentReturnState = (typeof PAYMENT_RETURN_STATES)[number];

/** What a person reads first of each state. */
export const PAYMENT_RETURN_TITLES: Readonly<Record<PaymentReturnState, string>> = {
  approved: 'Pago aprobado',
  pending: 'Pago pendiente',
  rejected: 'Pago rechazado',
  returned: 'Pago devuelto',
  none: 'Pago sin terminar',
};

/** `POST /api/mercado/return`'s answer: the order the back URL is about, as it stands now, and its payment's state. */
export interface PaymentReturnAnswer {
  orderId: number;
  status: OrderStatus;
  payment: PaymentReturnState;
}

/**
 * The state a client is shown for an order and the provider's latest payment of it: a paid order is approved whatever
 * came later; otherwise the payment's own state, except that an approved payment which did not pay the order is
 * pending while the order still waits (the administrators review it) and returned once the order is cancelled.
 */
export function paymentReturnState(order: OrderStatus, payment: 'approved' | 'pending' | 'rejected' | null): PaymentReturnState {
  if (order === 'procesando' || order === 'completa') return 'approved';
  if (payment === 'approved') return order === 'creada' ? 'pending' : 'returned';
  return payment ?? 'none';
}

/** The label of a booking in its client's history: an order that another one replaced says so, not "cancelada por…". */
export function historyLineLabel(lineStatus: BookingStatus, cancellationReason: OrderChangeReason | null | undefined): string {
  if (cancellationReason === 'cart-changed' && (lineStatus === 'cancelled_by_client' || lineStatus === 'cancelled_by_admin'))
    return 'reemplazada por otra orden';
  return BOOKING_STATUS_LABELS[lineStatus];
}
