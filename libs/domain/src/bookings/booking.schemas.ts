import { z } from 'zod';
import { bodyObject } from '../validation/schemas';
import { isIsoDate } from './booking-dates';

export const BOOKING_INPUT_MESSAGES = {
  date: (field: string) => `${field} debe ser una fecha AAAA-MM-DD`,
  range: 'from debe ser anterior o igual a to',
  reason: 'El motivo tiene como máximo 500 caracteres',
} as const;

/** A calendar date `YYYY-MM-DD` (a real one); the message names the field. */
export const isoDateSchema = (field = 'date') =>
  z
    .string({ error: BOOKING_INPUT_MESSAGES.date(field) })
    .trim()
    .refine(isIsoDate, BOOKING_INPUT_MESSAGES.date(field));

/** `?from=&to=` of the availability and the professional's calendar: both optional (the server's defaults), from ≤ to. */
export const dateRangeQuerySchema = z
  .object({ from: isoDateSchema('from').optional(), to: isoDateSchema('to').optional() })
  .refine(({ from, to }) => from === undefined || to === undefined || from <= to, {
    path: ['from'],
    message: BOOKING_INPUT_MESSAGES.range,
  });
export type DateRangeQuery = z.output<typeof dateRangeQuerySchema>;

/** `POST /api/bookings/{lineId}/decline`: the professional's optional reason. */
export const declineBookingSchema = bodyObject({
  reason: z.string({ error: BOOKING_INPUT_MESSAGES.reason }).trim().max(500, BOOKING_INPUT_MESSAGES.reason).optional(),
});
export type DeclineBooking = z.output<typeof declineBookingSchema>;
