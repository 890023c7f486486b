import { z } from 'zod';
import type { Day } from '../constants';
import type { Cents } from '../money/money';
import { bodyObject } from '../validation/schemas';
import { availableDaysSchema, dayPriceSchema } from './business-terms';
import type { ServiceAreaInput } from '../geo/service-area';
import { serviceAreaEditSchema } from '../geo/service-area-input';
import { aboutMeSchema, personFieldSchemas, professionNamesSchema, REGISTRATION_MESSAGES } from './registration';

/**
 * A professional's business as clients see it: the price per day, the working days, the trades, "Sobre mi" and the
 * photo. One rule per field, shared by the professional's own "Mi negocio" (`PATCH /api/professionals/me`), the
 * administrators' "Editar Profesionales" and the web forms.
 */
export const businessFieldSchemas = {
  /** Pesos, parsed to cents. */
  dayPrice: dayPriceSchema,
  availableDays: availableDaysSchema,
  /** At least one; each must exist in the catalogue (checked by the API). */
  professions: professionNamesSchema.pipe(z.array(z.string()).min(1, REGISTRATION_MESSAGES.professions)),
  aboutMe: aboutMeSchema,
  /** Absent, null or '' mean "no photo". */
  profileImg: personFieldSchemas.profileImg,
};

/** The whole business, as the "Mi negocio" form holds it: every field present. */
export const professionalBusinessSchema = bodyObject(businessFieldSchemas);

/** `PATCH /api/professionals/me`: the fields sent change, the others keep their value (each follows its rule). */
export const businessChangesSchema = bodyObject({
  dayPrice: businessFieldSchemas.dayPrice.optional(),
  availableDays: businessFieldSchemas.availableDays.optional(),
  professions: businessFieldSchemas.professions.optional(),
  aboutMe: businessFieldSchemas.aboutMe.optional(),
  // null or '' takes the photo away; absent keeps it.
  profileImg: personFieldSchemas.profileImg.optional(),
  // "Zona de trabajo" (its own editor): null removes the area, absent keeps it.
  serviceArea: serviceAreaEditSchema.nullable().optional(),
});
/** The parsed body (the day price already in cents). */
export type BusinessChangesBody = z.output<typeof businessChangesSchema>;

/** The parsed changes as the catalogue applies them: the day price in cents. */
export interface BusinessChanges {
  dayPriceCents?: Cents;
  availableDays?: Day[];
  professions?: string[];
  aboutMe?: string;
  profileImg?: string | null;
  /** The area's locality ids are checked by the catalogue (unknown ones are a 400). */
  serviceArea?: ServiceAreaInput | null;
}

export const BUSINESS_FIELDS = ['dayPrice', 'availableDays', 'professions', 'aboutMe', 'profileImg'] as const;

export function toBusinessChanges(body: BusinessChangesBody): BusinessChanges {
  const changes: BusinessChanges = {};
  if (body.dayPrice !== undefined) changes.dayPriceCents = body.dayPrice;
  if (body.availableDays !== undefined) changes.availableDays = body.availableDays;
  if (body.professions !== undefined) changes.professions = body.professions;
  if (body.aboutMe !== undefined) changes.aboutMe = body.aboutMe;
  if (body.profileImg !== undefined) changes.profileImg = body.profileImg;
  if (body.serviceArea !== undefined) changes.serviceArea = body.serviceArea;
  return changes;
}
