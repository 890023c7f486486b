/**
 * Cancelling some dates of a booking (not the whole of it): what each date is worth, what cancelling it gives back now,
 * and the key of the one refund a cancellation asks for. Amounts in integer cents.
 */
import { z } from 'zod';
import { sumCents, type Cents } from '../money/money';
import { bodyObject } from '../validation/schemas';
import { dateLabel, isIsoDate, startOfDateIn, BOOKING_DEFAULTS, type IsoDate } from './booking-dates';
import { CANCELLATION_DEFAULTS, clientCancellationRefund, FIRST_DATE_STARTED, type ClientCancellationRefund } from './cancellation-policy';

/**
 * Each booked date's share of what was paid: equal shares, the leftover cents on the first dates, so the shares add up
 * to the amount exactly. `bookedDates` are all the dates the booking was bought with (cancelled ones included), so a
 * date's share never changes as others are cancelled.
 */
export function dateShares(amountCents: Cents, bookedDates: readonly IsoDate[]): Map<IsoDate, Cents> {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError(`${amountCents} no es un monto en centavos`);
  const dates = [...new Set(bookedDates)].sort();
  const shares = new Map<IsoDate, Cents>();
  if (dates.length === 0) return shares;
  const base = Math.floor(amountCents / dates.length);
  const leftover = amountCents - base * dates.length;
  dates.forEach((date, index) => shares.set(date, base + (index < leftover ? 1 : 0)));
  return shares;
}

/** Who cancels dates: the client (the policy's refund per date) or the professional (each date in full). */
export type DateCanceller = 'client' | 'professional';

export type DateCancellationQuoteOfDate =
  | { date: IsoDate; allowed: true; shareCents: Cents; refundCents: Cents; kind: 'full' | 'partial' }
  | { date: IsoDate; allowed: false; shareCents: Cents; reason: string };

export const dateStartedReason = (date: IsoDate) => `El ${dateLabel(date)} ya empezó: ese día no se puede cancelar`;

/**
 * What cancelling each of `dates` gives back at `now`: the client gets the cancellation policy applied to that date's
 * share as if it were the first day (full until `fullRefundHours` before it starts, then the late percent until it
 * starts); the professional's cancellation gives the whole share back. A date that has started cannot be cancelled.
 */
export function dateCancellationQuotes({
  amountCents,
  bookedDates,
  dates,
  by,
  now,
  timeZone = BOOKING_DEFAULTS.timeZone,
  fullRefundHours = CANCELLATION_DEFAULTS.fullRefundHours,
  lateRefundPercent = CANCELLATION_DEFAULTS.lateRefundPercent,
}: {
  amountCents: Cents;
  bookedDates: readonly IsoDate[];
  dates: readonly IsoDate[];
  by: DateCanceller;
  now: Date | number;
  timeZone?: string;
  fullRefundHours?: number;
  lateRefundPercent?: number;
}): DateCancellationQuoteOfDate[] {
  const shares = dateShares(amountCents, bookedDates);
  const nowMs = typeof now === 'number' ? now : now.getTime();
  return [...dates].sort().map((date): DateCancellationQuoteOfDate => {
    const shareCents = shares.get(date);
    if (shareCents === undefined) throw new RangeError(`${date} no es una fecha de la reserva`);
    const startsAt = startOfDateIn(date, timeZone);
    if (nowMs >= startsAt) return { date, allowed: false, shareCents, reason: dateStartedReason(date) };
    if (by === 'professional') return { date, allowed: true, shareCents, refundCents: shareCents, kind: 'full' };
    const refund = clientCancellationRefund({
      amountCents: shareCents,
      firstDateStartsAt: startsAt,
      now: nowMs,
      fullRefundHours,
      lateRefundPercent,
    });
    return refund.allowed
      ? { date, allowed: true, shareCents, refundCents: refund.refundCents, kind: refund.kind }
      : { date, allowed: false, shareCents, reason: dateStartedReason(date) };
  });
}

/**
 * What the client gets back for cancelling the whole booking at `now`: each date still on priced on its own, as
 * dateCancellationQuotes prices it, so cancelling the booking or every one of its dates gives back the same. Refused
 * once its first date still on has started (from then on only its later dates can be cancelled, one by one).
 */
export function wholeBookingCancellationRefund({
  booking,
  now,
  timeZone = BOOKING_DEFAULTS.timeZone,
  fullRefundHours = CANCELLATION_DEFAULTS.fullRefundHours,
  lateRefundPercent = CANCELLATION_DEFAULTS.lateRefundPercent,
}: {
  booking: { reservationAmountCents: Cents; dates: readonly IsoDate[]; cancelledDates: readonly IsoDate[] };
  now: Date | number;
  timeZone?: string;
  fullRefundHours?: number;
  lateRefundPercent?: number;
}): ClientCancellationRefund {
  const dates = [...booking.dates].sort();
  const remainingCents = remainingValueOf(booking);
  // A booking from before dates existed has none to price: the policy's first-day rule cannot apply, all comes back.
  if (dates.length === 0) return { allowed: true, refundCents: remainingCents, kind: 'full' };
  const nowMs = typeof now === 'number' ? now : now.getTime();
  if (nowMs >= startOfDateIn(dates[0], timeZone)) return { allowed: false, reason: FIRST_DATE_STARTED };
  const quotes = dateCancellationQuotes({
    amountCents: booking.reservationAmountCents,
    bookedDates: [...booking.dates, ...booking.cancelledDates],
    dates,
    by: 'client',
    now: nowMs,
    timeZone,
    fullRefundHours,
    lateRefundPercent,
  });
  const refundCents = sumCents(quotes.map((quote) => (quote.allowed ? quote.refundCents : 0)));
  return { allowed: true, refundCents, kind: refundCents === remainingCents ? 'full' : 'partial' };
}

/** What the booking's remaining dates are worth: the most that cancelling them can give back. */
export function remainingDatesCents(amountCents: Cents, bookedDates: readonly IsoDate[], remainingDates: readonly IsoDate[]): Cents {
  const shares = dateShares(amountCents, bookedDates);
  return sumCents(remainingDates.map((date) => shares.get(date) ?? 0));
}

/**
 * What a booking's dates still on are worth: all it cost until some dates were cancelled one by one, then their shares
 * (the part of a cancelled date the policy kept is not given back by cancelling, declining or expiring the rest).
 */
export function remainingValueOf(booking: {
  reservationAmountCents: Cents;
  dates: readonly IsoDate[];
  cancelledDates: readonly IsoDate[];
}): Cents {
  if (booking.cancelledDates.length === 0) return booking.reservationAmountCents;
  return remainingDatesCents(booking.reservationAmountCents, [...booking.dates, ...booking.cancelledDates], booking.dates);
}

/**
 * The idempotency key of a date cancellation's refund: the booking and the cancellation's own id (one refund per
 * request; the request says why); like refundIdempotencyKey, nothing in it changes between retries.
 */
export function dateCancellationRefundKey(lineId: number, cancellationId: number): string {
  if (!Number.isSafeInteger(lineId) || lineId <= 0) throw new RangeError(`Identificador de línea inválido: ${lineId}`);
  if (!Number.isSafeInteger(cancellationId) || cancellationId <= 0) throw new RangeError(`Cancelación inválida: ${cancellationId}`);
  return `oficios-line-${lineId}-dates-${cancellationId}-refund`;
}

/** Whether a refund's key is a date cancellation's (its booking goes on: the refund does not move it). */
export const isDateCancellationRefundKey = (key: string | undefined): boolean =>
  key !== undefined && /^oficios-line-\d+-dates-\d+-refund$/.test(key);

export const DATE_CANCELLATION_MESSAGES = {
  dates: 'dates debe ser una lista de fechas AAAA-MM-DD',
  empty: 'Elegí al menos un día para cancelar',
  repeated: 'Cada día va una sola vez',
  tooMany: 'Se pueden cancelar como máximo 60 días a la vez',
} as const;

/** `POST /api/bookings/{lineId}/cancel-dates`: the dates to cancel (at least one, each once). */
export const cancelDatesSchema = bodyObject({
  dates: z
    .array(z.string({ error: DATE_CANCELLATION_MESSAGES.dates }).trim().refine(isIsoDate, DATE_CANCELLATION_MESSAGES.dates), {
      error: DATE_CANCELLATION_MESSAGES.dates,
    })
    .min(1, DATE_CANCELLATION_MESSAGES.empty)
    .max(60, DATE_CANCELLATION_MESSAGES.tooMany)
    .refine((dates) => new Set(dates).size === dates.length, DATE_CANCELLATION_MESSAGES.repeated),
});
export type CancelDates = z.output<typeof cancelDatesSchema>;

/** How long a refund in process may take to reach the client (MercadoPago's stated bound for cards), in business days. */
export const REFUND_BUSINESS_DAYS = 10;
