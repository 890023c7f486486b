/**
 * The client's cancellation policy: a full refund until `fullRefundHours` before the first date
 * starts, then `lateRefundPercent` percent until it starts, nothing after. Amounts in integer cents.
 */
import { multiplyCents, type Cents } from '../money/money';

export type CancellationSettings = { fullRefundHours: number; lateRefundPercent: number };

/** `CANCEL_FULL_REFUND_HOURS` and `CANCEL_LATE_REFUND_PERCENT` when not configured. */
export const CANCELLATION_DEFAULTS: Readonly<CancellationSettings> = { fullRefundHours: 48, lateRefundPercent: 50 };

const HOUR_MS = 3_600_000;

/** Refuses settings no policy text could state: hours a whole number ≥ 0, percent a whole number 0–100. */
export function assertCancellationSettings({ fullRefundHours, lateRefundPercent }: CancellationSettings): void {
  if (!Number.isSafeInteger(fullRefundHours) || fullRefundHours < 0) {
    throw new RangeError(`Horas de cancelación gratuita inválidas: ${fullRefundHours}`);
  }
  if (!Number.isSafeInteger(lateRefundPercent) || lateRefundPercent < 0 || lateRefundPercent > 100) {
    throw new RangeError(`Porcentaje de devolución tardía inválido: ${lateRefundPercent}`);
  }
}

/** Why a booking whose first date has started can no longer be cancelled whole. */
export const FIRST_DATE_STARTED = 'La reserva ya no se puede cancelar: su primer día ya empezó';

export type ClientCancellationRefund = { allowed: true; refundCents: Cents; kind: 'full' | 'partial' } | { allowed: false; reason: string };

/**
 * What a client gets back for cancelling a paid line at `now`. Full until `fullRefundHours` before the first date
 * starts (that instant included); then the late percent until the start (excluded: from the first date's start on the
 * work has begun, and the client may no longer cancel). `kind` is `full` whenever the whole amount comes back.
 * The late share is rounded down to the cent: the client never gets more than the stated percent, and the refund
 * plus what is kept is exactly the amount paid. Compute it once, when the client cancels, and store it: a retried
 * refund job must send the stored amount, never recompute it at a later `now`.
 */
export function clientCancellationRefund({
  amountCents,
  firstDateStartsAt,
  now,
  fullRefundHours = CANCELLATION_DEFAULTS.fullRefundHours,
  lateRefundPercent = CANCELLATION_DEFAULTS.lateRefundPercent,
}: {
  amountCents: Cents;
  firstDateStartsAt: number;
  now: Date | number;
  fullRefundHours?: number;
  lateRefundPercent?: number;
}): ClientCancellationRefund {
  assertCancellationSettings({ fullRefundHours, lateRefundPercent });
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError(`${amountCents} no es un monto en centavos`);
  const nowMs = typeof now === 'number' ? now : now.getTime();
  if (!Number.isFinite(nowMs) || !Number.isFinite(firstDateStartsAt)) throw new RangeError('Fecha inválida');
  if (nowMs >= firstDateStartsAt) {
    return { allowed: false, reason: FIRST_DATE_STARTED };
  }
  if (nowMs <= firstDateStartsAt - fullRefundHours * HOUR_MS) return { allowed: true, refundCents: amountCents, kind: 'full' };
  const refundCents = Math.floor(multiplyCents(amountCents, lateRefundPercent) / 100);
  return { allowed: true, refundCents, kind: refundCents === amountCents ? 'full' : 'partial' };
}

/** Why a line's money goes back: the exit that asked for it, or a dispute resolved with a refund. */
export const REFUND_CAUSES = ['declined', 'expired', 'client_cancelled', 'professional_cancelled', 'admin_cancelled', 'dispute'] as const;
export type RefundCause = (typeof REFUND_CAUSES)[number];

/**
 * Why money goes back through the provider: a line's cause, or `not_applied`, a whole payment that paid nothing (it
 * arrived for an order already cancelled or already paid).
 */
export const PAYMENT_REFUND_CAUSES = [...REFUND_CAUSES, 'not_applied'] as const;
export type PaymentRefundCause = (typeof PAYMENT_REFUND_CAUSES)[number];

/**
 * The idempotency key of a line's refund (MercadoPago's `X-Idempotency-Key`): built only from what never changes
 * between retries (the line and why it is refunded, never the amount or the time), so a job killed and retried, or
 * run twice, asks for the same refund and the provider makes it once. A line leaves its live path once, so it has at
 * most one exit refund; a dispute refund is on a done line, which had none.
 */
export function refundIdempotencyKey(lineId: number | string, kind: RefundCause): string {
  const id = String(lineId);
  if (!/^[A-Za-z0-9-]{1,40}$/.test(id)) throw new RangeError(`Identificador de línea inválido: ${id}`);
  if (!(REFUND_CAUSES as readonly string[]).includes(kind)) throw new RangeError(`Causa de reembolso inválida: ${kind}`);
  return `oficios-line-${id}-refund-${kind}`;
}

const hoursText = (hours: number): string => (hours === 1 ? '1 hora' : `${hours} horas`);

/**
 * The policy as the client reads it before paying and on every order, e.g. "Cancelación gratuita de cada día hasta 48
 * horas antes de que empiece; después, hasta que empiece, se devuelve el 50 % de ese día; luego no hay devolución."
 * Each day is priced on its own (dateCancellationQuotes), whether the booking is cancelled whole or day by day.
 */
export function cancellationPolicyText(settings: CancellationSettings = CANCELLATION_DEFAULTS): string {
  assertCancellationSettings(settings);
  const { fullRefundHours, lateRefundPercent } = settings;
  // No late window (0 hours) or a full late refund: the whole amount comes back until the start.
  if (fullRefundHours === 0 || lateRefundPercent === 100)
    return 'Cancelación gratuita de cada día hasta que empiece; luego no hay devolución.';
  const free = `Cancelación gratuita de cada día hasta ${hoursText(fullRefundHours)} antes de que empiece`;
  if (lateRefundPercent === 0) return `${free}; después no hay devolución.`;
  return `${free}; después, hasta que empiece, se devuelve el ${lateRefundPercent} % de ese día; luego no hay devolución.`;
}
