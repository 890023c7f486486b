import { BOOKING_DEFAULTS, todayIn } from './booking-dates';
/**
 * The life cycle of a booking (one order line): `awaiting_payment → awaiting_professional → confirmed → done`, with
 * the exits. One table holds every allowed move; `moveBooking` is the only way to read it, so the API, the
 * workers and the tests agree on what may happen.
 */
import type { OrderStatus } from '../constants';

export const BOOKING_STATUSES = [
  'awaiting_payment',
  'awaiting_professional',
  'confirmed',
  'done',
  'declined',
  'expired',
  'cancelled_by_client',
  'cancelled_by_admin',
  'refunded',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_EVENTS = [
  'paid',
  'payment_window_passed',
  'accepted',
  'declined',
  'response_deadline_passed',
  'client_cancelled',
  'professional_cancelled',
  'admin_cancelled',
  'marked_done',
  'auto_done',
  'refunded',
] as const;
export type BookingEvent = (typeof BOOKING_EVENTS)[number];

/** Who moves a line: a person, or the system (payment notices, delayed jobs, refund notices). */
export const BOOKING_ACTORS = ['client', 'professional', 'admin', 'system'] as const;
export type BookingActor = (typeof BOOKING_ACTORS)[number];

/**
 * What a move asks of the caller besides the new status: `none` (nothing was paid, or nothing is given back), `full`
 * (the whole line amount), `policy` (what `clientCancellationRefund` says at the moment of cancelling).
 */
export type RefundOwed = 'none' | 'full' | 'policy';

export type BookingMove = { ok: true; to: BookingStatus; releasesHold: boolean; refund: RefundOwed };
export type BookingMoveRefusal = { ok: false; reason: string };

/** Statuses whose line still holds (or used) its dates: the main path. Every other status is an exit and final. */
export const LIVE_BOOKING_STATUSES: readonly BookingStatus[] = ['awaiting_payment', 'awaiting_professional', 'confirmed', 'done'];
export const isLiveBooking = (status: BookingStatus): boolean => LIVE_BOOKING_STATUSES.includes(status);

type Target = Omit<BookingMove, 'ok'>;
const move = (to: BookingStatus, releasesHold: boolean, refund: RefundOwed): Target => ({ to, releasesHold, refund });

/**
 * Every allowed move: event → who may cause it → from which statuses, and to what. Anything not written here is
 * refused. Choices the issue leaves open:
 * - `client_cancelled` on an unpaid line releases its dates with nothing to give back; on a paid line the refund is
 *   the policy's, and the caller must first ask `clientCancellationRefund` (it refuses from the first date on).
 * - `professional_cancelled` (a confirmed line, at any time) ends in `declined` with a full refund: the issue has no
 *   separate status for it; the event and its actor are recorded, which is what the professional's profile counts.
 *   A line still awaiting the professional is declined, not cancelled.
 * - `admin_cancelled` takes any live line out (the panel's "cancelada"); a paid line is refunded in full.
 * - `marked_done` is the professional's (after the last date: the caller checks it with `lastDateHasPassed`) or the
 *   administrator's (the panel's "completa"); `auto_done` is the delayed job, `AUTO_DONE_HOURS` after the last date.
 * - `refunded` records the provider's confirmation of a refund requested by an exit; it comes only for lines whose
 *   refund was requested. A refund after a dispute leaves the line `done` (the work happened): the dispute records it.
 * - Hold release is true exactly when a live line leaves the main path (a done line's past dates are released too).
 */
const BOOKING_MOVES: Readonly<Record<BookingEvent, { actors: readonly BookingActor[]; from: Partial<Record<BookingStatus, Target>> }>> = {
  paid: { actors: ['system'], from: { awaiting_payment: move('awaiting_professional', false, 'none') } },
  payment_window_passed: { actors: ['system'], from: { awaiting_payment: move('expired', true, 'none') } },
  accepted: { actors: ['professional'], from: { awaiting_professional: move('confirmed', false, 'none') } },
  declined: { actors: ['professional'], from: { awaiting_professional: move('declined', true, 'full') } },
  response_deadline_passed: { actors: ['system'], from: { awaiting_professional: move('expired', true, 'full') } },
  client_cancelled: {
    actors: ['client'],
    from: {
      awaiting_payment: move('cancelled_by_client', true, 'none'),
      awaiting_professional: move('cancelled_by_client', true, 'policy'),
      confirmed: move('cancelled_by_client', true, 'policy'),
    },
  },
  professional_cancelled: { actors: ['professional'], from: { confirmed: move('declined', true, 'full') } },
  admin_cancelled: {
    actors: ['admin'],
    from: {
      awaiting_payment: move('cancelled_by_admin', true, 'none'),
      awaiting_professional: move('cancelled_by_admin', true, 'full'),
      confirmed: move('cancelled_by_admin', true, 'full'),
      done: move('cancelled_by_admin', true, 'full'),
    },
  },
  marked_done: { actors: ['professional', 'admin'], from: { confirmed: move('done', false, 'none') } },
  auto_done: { actors: ['system'], from: { confirmed: move('done', false, 'none') } },
  refunded: {
    actors: ['system'],
    from: {
      declined: move('refunded', false, 'none'),
      expired: move('refunded', false, 'none'),
      cancelled_by_client: move('refunded', false, 'none'),
      cancelled_by_admin: move('refunded', false, 'none'),
    },
  },
};

/** A line's status as a person reads it (in refusals, mails and screens). */
export const BOOKING_STATUS_LABELS: Readonly<Record<BookingStatus, string>> = {
  awaiting_payment: 'esperando el pago',
  awaiting_professional: 'esperando la respuesta del profesional',
  confirmed: 'confirmada',
  done: 'realizada',
  declined: 'rechazada',
  expired: 'vencida',
  cancelled_by_client: 'cancelada por el cliente',
  cancelled_by_admin: 'cancelada por el administrador',
  refunded: 'reembolsada',
};

const EVENT_VERBS: Readonly<Record<BookingEvent, string>> = {
  paid: 'registrar el pago de',
  payment_window_passed: 'dar por vencido el pago de',
  accepted: 'aceptar',
  declined: 'rechazar',
  response_deadline_passed: 'dar por vencida la respuesta de',
  client_cancelled: 'cancelar',
  professional_cancelled: 'cancelar',
  admin_cancelled: 'cancelar',
  marked_done: 'marcar como realizada',
  auto_done: 'marcar como realizada',
  refunded: 'registrar el reembolso de',
};

const ACTOR_NAMES: Readonly<Record<BookingActor, string>> = {
  client: 'el cliente',
  professional: 'el profesional',
  admin: 'el administrador',
  system: 'el sistema',
};

const joinSpanish = (words: readonly string[]): string =>
  words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} o ${words[words.length - 1]}`;

/**
 * The single table of allowed moves: where `event`, caused by `actor`, takes a line in status `from`, or why not (in
 * Spanish, for the 409 answer). Checks the actor first, then the status. Access (is this the line's own client or
 * professional?) and timing (policy, last date) are the caller's, as documented on the table.
 */
export function moveBooking(from: BookingStatus, event: BookingEvent, actor: BookingActor): BookingMove | BookingMoveRefusal {
  const rule = BOOKING_MOVES[event];
  const verb = EVENT_VERBS[event];
  if (!rule.actors.includes(actor)) {
    return { ok: false, reason: `Solo ${joinSpanish(rule.actors.map((allowed) => ACTOR_NAMES[allowed]))} puede ${verb} una reserva` };
  }
  const target = rule.from[from];
  if (!target) return { ok: false, reason: `No se puede ${verb} una reserva ${BOOKING_STATUS_LABELS[from]}` };
  return { ok: true, ...target };
}

/**
 * The spec's order status, derived from its lines: `creada` while a line awaits payment, `procesando`
 * while one awaits the professional or is confirmed, `completa` when every live line is done, `cancelada` when no
 * line is left (all exited, or none at all).
 */
export function orderStatusOfBookings(lines: readonly BookingStatus[]): OrderStatus {
  if (lines.includes('awaiting_payment')) return 'creada';
  if (lines.some((status) => status === 'awaiting_professional' || status === 'confirmed')) return 'procesando';
  return lines.some(isLiveBooking) ? 'completa' : 'cancelada';
}

/**
 * An order's status, computed in this one place: what its bookings make it, unless an administrator has just set it
 * (the panel's dropdown may mark an order completa, or reopen it, beyond what its bookings say).
 */
export function orderStatusOf(bookings: readonly BookingStatus[], adminVerdict?: OrderStatus): OrderStatus {
  return adminVerdict ?? orderStatusOfBookings(bookings);
}

/**
 * Whether a line's last date (YYYY-MM-DD, in the marketplace's zone) is over at `now`: the professional may mark it
 * done only then (`marked_done`). The day itself does not count: the work may still be going on.
 */
export function lastDateHasPassed(lastDate: string, now: Date | number, timeZone: string = BOOKING_DEFAULTS.timeZone): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(lastDate)) throw new RangeError(`${lastDate} no es una fecha AAAA-MM-DD`);
  return todayIn(now, timeZone) > lastDate;
}
