import type { OrderStatus } from '../constants';

/** Statuses of an order whose client has paid: cancelling one means giving the money back. */
export const PAID_STATUSES: readonly OrderStatus[] = ['procesando', 'completa'];
export const isPaidStatus = (status: OrderStatus): boolean => PAID_STATUSES.includes(status);

/**
 * Every status change an administrator may make (`PATCH /api/orders/{id}`), from → allowed targets:
 * - creada → cancelada: an unpaid order is called off (only an approved, verified payment makes it procesando);
 * - procesando → completa: the work is done; procesando → cancelada: called off after payment, a refund is due;
 * - completa → procesando: reopens a job marked done by mistake; completa → cancelada: a refund is due;
 * - cancelada is final for an administrator (a late payment can still revive it by the payment rules), and no order
 *   ever goes back to creada (it would ask for a fresh payment and never expire).
 * Setting the status an order already has changes nothing and is always allowed.
 */
export const ADMIN_STATUS_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  creada: ['cancelada'],
  procesando: ['completa', 'cancelada'],
  completa: ['procesando', 'cancelada'],
  cancelada: [],
};

export const adminMayMove = (from: OrderStatus, to: OrderStatus): boolean => from === to || ADMIN_STATUS_MOVES[from].includes(to);

/** Why an administrator may not move an order from `from` to `to` (Spanish, shown in the panel); null when allowed. */
export function adminMoveRefusal(orderId: number, from: OrderStatus, to: OrderStatus): string | null {
  if (adminMayMove(from, to)) return null;
  const move = `No se puede pasar la orden ${orderId} de ${from} a ${to}`;
  if (to === 'creada') return `${move}: una orden no vuelve a esperar un pago`;
  if (from === 'cancelada') return `${move}: una orden cancelada no se reabre`;
  if (from === 'creada') return `${move}: solo un pago aprobado por MercadoPago la marca como pagada`;
  return move;
}

/** An administrator cancelling a paid order: the client's money must be given back. */
export const refundDueOnAdminMove = (from: OrderStatus, to: OrderStatus): boolean => to === 'cancelada' && isPaidStatus(from);
