import { z } from 'zod';
import { DAYS, type Day } from '../constants';
import { exactCents, type Cents } from '../money/money';
import { bodyObject, idSchema } from '../validation/schemas';
import type { PersonContact } from './person';
import { personFieldSchemas, REGISTRATION_MESSAGES } from './registration';

/** `PUT /home/professionals/{id}`: what an administrator may change (rating and reputation come from reviews). */
export interface ProfessionalEdit extends PersonContact {
  professions: string[];
  availableDays: Day[];
  /** The body's `dayPrice` (pesos), in cents. */
  dayPriceCents?: Cents;
}

export const PROFESSIONAL_EDIT_MESSAGES = {
  availableDays: 'Elige al menos un dia de trabajo',
  unknownDay: 'Dia desconocido',
  dayPrice: 'El precio por dia debe ser un numero positivo',
  dayPriceCents: 'El precio por dia no puede tener fracciones de centavo',
  id: 'El id no coincide con el profesional editado',
} as const;

export const MAX_DAY_PRICE = 10_000_000;

const isDay = (day: string): day is Day => (DAYS as readonly string[]).includes(day);

/** At least one weekday, any case; each once, in the week's order. Unknown names are listed in the message. */
export const availableDaysSchema = z
  .array(z.string().trim().toLowerCase(), { error: PROFESSIONAL_EDIT_MESSAGES.availableDays })
  .min(1, PROFESSIONAL_EDIT_MESSAGES.availableDays)
  .superRefine((days, ctx) => {
    const unknown = days.filter((day) => !isDay(day));
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: `${PROFESSIONAL_EDIT_MESSAGES.unknownDay}: ${unknown.join(', ')}` });
  })
  .transform((days) => DAYS.filter((day) => days.includes(day)));

/** Pesos per day as sent (more than 0, at most MAX_DAY_PRICE, whole cents), parsed to cents. */
export const dayPriceSchema = z
  .number({ error: PROFESSIONAL_EDIT_MESSAGES.dayPrice })
  .positive(PROFESSIONAL_EDIT_MESSAGES.dayPrice)
  .max(MAX_DAY_PRICE, PROFESSIONAL_EDIT_MESSAGES.dayPrice)
  .refine((price) => exactCents(price) !== null, PROFESSIONAL_EDIT_MESSAGES.dayPriceCents)
  .transform((price): Cents => exactCents(price)!);

/** `PUT /home/professionals/{id}`: the whole profile as the admin form sends it (rating and reputation are ignored). */
export const professionalEditSchema = bodyObject({
  ...personFieldSchemas,
  professions: z
    .array(z.string().trim().toLowerCase(), { error: REGISTRATION_MESSAGES.professions })
    .transform((names) => [...new Set(names.filter((name) => name !== ''))])
    .pipe(z.array(z.string()).min(1, REGISTRATION_MESSAGES.professions)),
  availableDays: availableDaysSchema,
  dayPrice: dayPriceSchema.nullish().transform((price) => price ?? undefined),
  /** The form may repeat the edited professional's id; it must then match the route's. */
  id: idSchema('id').nullish(),
});
export type ProfessionalEditBody = z.output<typeof professionalEditSchema>;

/** The parsed body as the catalogue applies it: the day price in cents when given; the body's id is only checked. */
export function toProfessionalEdit({ dayPrice, id: _id, ...edit }: ProfessionalEditBody): ProfessionalEdit {
  return dayPrice === undefined ? edit : { ...edit, dayPriceCents: dayPrice };
}
