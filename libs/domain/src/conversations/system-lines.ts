/**
 * The system lines a booking's thread shows for its moves: paid, accepted, declined, cancelled, refunded.
 * Refunds are told by their settlement (with the amount), so the line's own move to `refunded` adds nothing.
 */
import type { BookingEvent } from '../bookings/booking-lifecycle';
import { formatMoney, type Cents } from '../money/money';

export const SYSTEM_LINE_TEXTS: Readonly<Partial<Record<BookingEvent, string>>> = {
  paid: 'Reserva pagada',
  accepted: 'El profesional aceptó la reserva',
  declined: 'El profesional rechazó la reserva',
  response_deadline_passed: 'La reserva venció sin respuesta del profesional',
  client_cancelled: 'Reserva cancelada',
  professional_cancelled: 'Reserva cancelada',
  admin_cancelled: 'Reserva cancelada',
  marked_done: 'Trabajo realizado',
  auto_done: 'Trabajo realizado',
};

/** The thread's line for a booking's move; null when the move is not told in the thread. */
export function systemLineOfMove(event: BookingEvent): string | null {
  return SYSTEM_LINE_TEXTS[event] ?? null;
}

/** The thread's line for an approved refund: "Reembolso de $ 2.500" (plain spaces, as typed). */
export function systemLineOfRefund(amountCents: Cents): string {
  return `Reembolso de ${formatMoney(amountCents).replace(/\u00a0/g, ' ')}`;
}
