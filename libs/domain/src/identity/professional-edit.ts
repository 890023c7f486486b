import { z } from 'zod';
import type { Day } from '../constants';
import type { Cents } from '../money/money';
import { bodyObject, idSchema } from '../validation/schemas';
import type { ProfessionalContact } from '../catalog/professional-contact';
import type { PersonContact } from './person';
import { personFieldSchemas } from './registration';
import { businessFieldSchemas } from './professional-business';
import type { ServiceAreaInput } from '../geo/service-area';
import { serviceAreaEditSchema } from '../geo/service-area-input';

/**
 * `PUT /home/professionals/{id}`: what an administrator may change (rating and reputation come from reviews). The
 * e-mail, phone and address only when given: an editor that read the public answers (where they are null) keeps them.
 */
export interface ProfessionalEdit extends Omit<PersonContact, keyof ProfessionalContact>, Partial<ProfessionalContact> {
  professions: string[];
  availableDays: Day[];
  /** The body's `dayPrice` (pesos), in cents. */
  dayPriceCents?: Cents;
  /** "Sobre mi"; absent keeps the stored one. */
  aboutMe?: string;
  /** The service area; null removes it, absent keeps the stored one. */
  serviceArea?: ServiceAreaInput | null;
}

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
  // The same rules as the professional's own "Mi negocio"; the price and the bio may be left out (kept).
  professions: businessFieldSchemas.professions,
  availableDays: businessFieldSchemas.availableDays,
  dayPrice: businessFieldSchemas.dayPrice.nullish().transform((price) => price ?? undefined),
  aboutMe: businessFieldSchemas.aboutMe.nullish().transform((text) => text ?? undefined),
  // null removes the area; absent keeps it (an editor that never loaded it changes nothing).
  serviceArea: serviceAreaEditSchema.nullable().optional(),
  /** The form may repeat the edited professional's id; it must then match the route's. */
  id: idSchema('id').nullish(),
});
export type ProfessionalEditBody = z.output<typeof professionalEditSchema>;

/** The parsed body as the catalogue applies it: the day price in cents when given; the body's id is only checked. */
export function toProfessionalEdit({ dayPrice, aboutMe, id: _id, ...edit }: ProfessionalEditBody): ProfessionalEdit {
  return { ...edit, ...(dayPrice === undefined ? {} : { dayPriceCents: dayPrice }), ...(aboutMe === undefined ? {} : { aboutMe }) };
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
