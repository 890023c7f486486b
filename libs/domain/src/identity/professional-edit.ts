import { z } from 'zod';
import { DAYS, type Day } from '../constants';
import { exactCents, type Cents } from '../money/money';
import { bodyObject, idSchema } from '../validation/schemas';
import type { ProfessionalContact } from '../catalog/professional-contact';
import type { PersonContact } from './person';
import { personFieldSchemas, REGISTRATION_MESSAGES } from './registration';

/**
 * `PUT /home/professionals/{id}`: what an administrator may change (rating and reputation come from reviews). The
 * e-mail, phone and address only when given: an editor that read the public answers (where they are null) keeps them.
 */
export interface ProfessionalEdit extends Omit<PersonContact, keyof ProfessionalContact>, Partial<ProfessionalContact> {
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

/** A contact field of the edit: null or absent keeps the stored value (undefined), blank is refused as in the forms. */
const keptUnlessGiven = <T extends z.ZodType<string>>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

/**
 * `PUT /home/professionals/{id}`: the whole profile as the admin form sends it (rating and reputation are ignored); a
 * null or absent e-mail, phone or address keeps the stored one.
 */
export const professionalEditSchema = bodyObject({
  ...personFieldSchemas,
  email: keptUnlessGiven(personFieldSchemas.email),
  phoneNumber: keptUnlessGiven(personFieldSchemas.phoneNumber),
  address: keptUnlessGiven(personFieldSchemas.address),
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

/** The account's and the catalogue's contact fields the edit changes: the e-mail, phone and address only when given. */
export function contactChangesOf(edit: ProfessionalEdit): Partial<PersonContact> {
  const { firstName, lastName, email, phoneNumber, address, profileImg } = edit;
  const changes: Partial<PersonContact> = { firstName, lastName, profileImg };
  if (email !== undefined) changes.email = email;
  if (phoneNumber !== undefined) changes.phoneNumber = phoneNumber;
  if (address !== undefined) changes.address = address;
  return changes;
}
