import { z } from 'zod';
import { DAYS, type Day } from '../constants';
import { exactCents, type Cents } from '../money/money';

/**
 * A professional's terms, the price per day and the working days, and their Spanish messages: the same rules for the
 * registration, the professional's own "Mi negocio" and the administrators' "Editar Profesionales".
 */
export const PROFESSIONAL_EDIT_MESSAGES = {
  availableDays: 'Elige al menos un dia de trabajo',
  unknownDay: 'Dia desconocido',
  dayPrice: 'El precio por dia debe ser un numero positivo',
  dayPriceRequired: 'Indica tu precio por dia',
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
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? PROFESSIONAL_EDIT_MESSAGES.dayPriceRequired : PROFESSIONAL_EDIT_MESSAGES.dayPrice,
  })
  .positive(PROFESSIONAL_EDIT_MESSAGES.dayPrice)
  .max(MAX_DAY_PRICE, PROFESSIONAL_EDIT_MESSAGES.dayPrice)
  .refine((price) => exactCents(price) !== null, PROFESSIONAL_EDIT_MESSAGES.dayPriceCents)
  .transform((price): Cents => exactCents(price)!);

/** Each working day as people read it (the stored names have no accents). */
export const DAY_NAMES: Readonly<Record<Day, string>> = {
  lunes: 'Lunes',
  martes: 'Martes',
  miercoles: 'Miércoles',
  jueves: 'Jueves',
  viernes: 'Viernes',
  sabado: 'Sábado',
};
