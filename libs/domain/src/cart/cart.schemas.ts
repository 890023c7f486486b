import { z } from 'zod';
import { isoDateSchema } from '../bookings/booking.schemas';
import { bodyObject, idSchema } from '../validation/schemas';
import { jobPlaceInputSchema } from '../geo/job-place';

/** Most lines a browser cart may bring to a merge, and most days per line (more is not a cart). */
export const MAX_MERGE_LINES = 50;
export const MAX_MERGE_DAYS = 20;

export const CART_INPUT_MESSAGES = {
  days: 'days debe ser una lista con al menos un dia',
  daysOrDates: 'Elige al menos un dia o una fecha',
  dates: 'dates debe ser una lista de fechas AAAA-MM-DD',
  dayOrDate: 'Indica day o date (solo uno)',
  mergeDates: 'dates debe ser una lista de fechas',
  changeType: "type debe ser 'add' o 'remove'",
  day: 'day es obligatorio',
  mergeLines: `lines debe ser una lista de hasta ${MAX_MERGE_LINES} profesionales`,
  mergeDays: 'days debe ser una lista de dias',
} as const;

/** A weekday as the browser sends it; whether the professional works it is the cart's rule, not the schema's. */
const dayName = (message: string) => z.string({ error: message }).trim().toLowerCase();

/** `POST /api/cart`: one professional with its dates, or weekday names standing for their next bookable dates (the spec's body names the client too, who must be the caller). */
export const addToCartSchema = bodyObject({
  clientId: idSchema('clientId').optional(),
  professionalId: idSchema('professionalId'),
  days: z.array(dayName(CART_INPUT_MESSAGES.days), { error: CART_INPUT_MESSAGES.days }).optional(),
  dates: z.array(isoDateSchema('dates'), { error: CART_INPUT_MESSAGES.dates }).max(MAX_MERGE_DAYS, CART_INPUT_MESSAGES.dates).optional(),
}).refine(({ days = [], dates = [] }) => days.length + dates.length > 0, { path: ['days'], message: CART_INPUT_MESSAGES.days });
export type AddToCart = z.output<typeof addToCartSchema>;

/** `PATCH /api/cart/{id}`: add or remove one date, or one weekday (the spec's body: add its next bookable date, remove all of its dates). */
export const changeCartDaySchema = bodyObject({
  type: z.enum(['add', 'remove'], { error: CART_INPUT_MESSAGES.changeType }),
  day: dayName(CART_INPUT_MESSAGES.day).pipe(z.string().min(1, CART_INPUT_MESSAGES.day)).optional(),
  date: isoDateSchema('date').optional(),
}).refine(({ day, date }) => (day === undefined) !== (date === undefined), { path: ['day'], message: CART_INPUT_MESSAGES.dayOrDate });
export type ChangeCartDay = z.output<typeof changeCartDaySchema>;
export type ChangeCartDayBody = z.input<typeof changeCartDaySchema>;

/** `POST /api/cart/merge`: the browser's cart brought in at sign-in. */
export const cartMergeSchema = bodyObject({
  lines: z
    .array(
      z.object(
        {
          professionalId: idSchema('professionalId'),
          days: z
            .array(dayName(CART_INPUT_MESSAGES.mergeDays), { error: CART_INPUT_MESSAGES.mergeDays })
            .max(MAX_MERGE_DAYS, CART_INPUT_MESSAGES.mergeDays)
            .default([]),
          // Plain strings: a date that is no longer (or never was) bookable is dropped and reported, not refused.
          dates: z
            .array(z.string({ error: CART_INPUT_MESSAGES.mergeDates }).trim(), { error: CART_INPUT_MESSAGES.mergeDates })
            .max(MAX_MERGE_DAYS, CART_INPUT_MESSAGES.mergeDates)
            .optional(),
        },
        { error: CART_INPUT_MESSAGES.mergeLines },
      ),
      { error: CART_INPUT_MESSAGES.mergeLines },
    )
    .max(MAX_MERGE_LINES, CART_INPUT_MESSAGES.mergeLines),
});
export type CartMerge = z.output<typeof cartMergeSchema>;

/** `PUT /api/cart/place {localityId, street}`: where the cart's job is. */
export const cartPlaceSchema = jobPlaceInputSchema;
