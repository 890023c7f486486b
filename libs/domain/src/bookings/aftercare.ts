/**
 * What happens after the work: when a confirmed booking becomes done by itself, how long the client
 * may report a problem, and what an administrator's resolution gives back. Pure: `now` and the zone are parameters.
 */
import { addDays, BOOKING_DEFAULTS, startOfDateIn, type IsoDate } from './booking-dates';
import type { DisputeResolution } from './booking.types';
import type { Cents } from '../money/money';

const HOUR_MS = 3_600_000;

/** `AUTO_DONE_HOURS` and `DISPUTE_WINDOW_HOURS` when not configured. */
export const AFTERCARE_DEFAULTS = { autoDoneHours: 72, disputeWindowHours: 72 } as const;

function checkedHours(hours: number, what: string): number {
  if (!Number.isSafeInteger(hours) || hours < 0) throw new RangeError(`${what}: ${hours} no es un número de horas válido`);
  return hours;
}

/**
 * The instant a confirmed booking becomes done without the professional: `autoDoneHours` after its last date ends
 * (the next date's start in the marketplace's zone), so the work of the last day is never cut short.
 */
export function autoDoneAt(lastDate: IsoDate, autoDoneHours: number, timeZone: string = BOOKING_DEFAULTS.timeZone): number {
  return startOfDateIn(addDays(lastDate, 1), timeZone) + checkedHours(autoDoneHours, 'autoDoneAt') * HOUR_MS;
}

export type DisputeOpening = { allowed: true } | { allowed: false; reason: string };

/**
 * Whether the client may report a problem at `now` on a booking done at `doneAt` (null: not done). The window
 * includes its last instant.
 */
export function canOpenDispute({
  doneAt,
  now,
  disputeWindowHours = AFTERCARE_DEFAULTS.disputeWindowHours,
  hasDispute,
}: {
  doneAt: Date | number | null;
  now: Date | number;
  disputeWindowHours?: number;
  hasDispute: boolean;
}): DisputeOpening {
  checkedHours(disputeWindowHours, 'canOpenDispute');
  if (hasDispute) return { allowed: false, reason: 'Ya reportaste un problema con esta reserva' };
  if (doneAt === null) return { allowed: false, reason: 'Sólo se puede reportar un problema de una reserva realizada' };
  const doneMs = typeof doneAt === 'number' ? doneAt : doneAt.getTime();
  const nowMs = typeof now === 'number' ? now : now.getTime();
  if (nowMs > doneMs + disputeWindowHours * HOUR_MS) {
    return { allowed: false, reason: `El plazo para reportar un problema (${disputeWindowHours} horas después de realizada) terminó` };
  }
  return { allowed: true };
}

export type DisputeRefund = { ok: true; refundCents: Cents } | { ok: false; reason: string };

/**
 * What may still be refunded of a booking: its amount less every refund asked for it and not failed. A requested
 * refund is money already on its way back, even before the provider confirms it.
 */
export function refundableCents(lineAmountCents: Cents, committedCents: Cents): Cents {
  for (const [name, value] of [
    ['lineAmountCents', lineAmountCents],
    ['committedCents', committedCents],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name}: ${value} no es un monto en centavos`);
  }
  return Math.max(lineAmountCents - committedCents, 0);
}

/**
 * What a dispute's resolution gives back: nothing, what may still be refunded of the line (its amount less every
 * refund asked for it and not failed), or a partial amount (more than nothing, less than what remains: a partial
 * refund of everything is a full one).
 */
export function disputeRefundCents({
  resolution,
  lineAmountCents,
  committedCents,
  partialCents,
}: {
  resolution: DisputeResolution;
  lineAmountCents: Cents;
  /** Refunds of the line requested or approved (refundableCents). */
  committedCents: Cents;
  partialCents?: Cents | null;
}): DisputeRefund {
  const remaining = refundableCents(lineAmountCents, committedCents);
  if (resolution === 'none') return { ok: true, refundCents: 0 };
  if (remaining === 0) return { ok: false, reason: 'Esta reserva ya fue reembolsada por completo' };
  if (resolution === 'full') return { ok: true, refundCents: remaining };
  if (partialCents === undefined || partialCents === null) return { ok: false, reason: 'Indica el monto a devolver' };
  if (!Number.isSafeInteger(partialCents) || partialCents <= 0) return { ok: false, reason: 'El monto a devolver debe ser mayor que cero' };
  if (partialCents >= remaining) {
    return { ok: false, reason: 'Un reembolso parcial debe ser menor que lo que queda por devolver; elige el reembolso total' };
  }
  return { ok: true, refundCents: partialCents };
}
