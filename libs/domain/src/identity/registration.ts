import { z } from 'zod';
import { parseWith, type FieldError } from '../validation/field-errors';
import { bodyObject, crossFieldRules, fieldIssue, requiredText } from '../validation/schemas';
import type { Day, UserType } from '../constants';
import type { Profession } from '../catalog/catalog.types';
import type { PersonContact } from './person';
import { isStoredAssetPath } from '../media/asset-urls';
import { availableDaysSchema, dayPriceSchema, PROFESSIONAL_EDIT_MESSAGES } from './business-terms';
import type { Locality } from '../geo/locality';
import { localityIdFieldSchema } from '../geo/job-place';
import type { ServiceArea, ServiceAreaInput } from '../geo/service-area';
import { serviceAreaInputSchema } from '../geo/service-area-input';

/** Spanish messages of the registration and profile forms (spec section 5); web and API show the same. */
export const REGISTRATION_MESSAGES = {
  firstName: 'El campo nombre es obligatorio',
  lastName: 'El campo apellido es obligatorio',
  email: 'El correo es obligatorio',
  emailFormat: 'El correo no es valido',
  phoneNumber: 'El numero de telefono es obligatorio',
  phoneFormat: 'El numero de telefono no es valido',
  address: 'El campo dirección es obligatorio',
  password: 'El password es obligatorio',
  passwordLength: 'El password debe tener al menos 8 caracteres',
  passwordMismatch: 'Las contraseñas no coinciden',
  professions: 'Elige al menos una profesion',
  type: 'Indica si te registras como cliente o como profesional',
  tooLong: 'El texto es demasiado largo',
  profileImg: 'La imagen no es valida',
  formAlert: 'Verifique que todos los campos esten llenos',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const FIELD_MAX_LENGTHS = {
  firstName: 80,
  lastName: 80,
  email: 254,
  phoneNumber: 40,
  address: 200,
  aboutMe: 2000,
  password: 200,
} as const;

/** The spec's registration payload (`POST /home/user/register`). */
export interface RegistrationPayload {
  firstName: string;
  lastName: string;
  email: string;
  password?: string;
  phoneNumber: string;
  address: string;
  profileImg?: string | null;
  aboutMe?: string;
  professions?: string[];
  /** Professionals: the price per day (pesos) and the working days they offer, both required. */
  dayPrice?: number;
  availableDays?: string[];
  /** The address's locality (INDEC id): where the client's jobs are by default. */
  localityId?: string | null;
  /** Professionals: where they work (optional: without one they are listed everywhere until they set it). */
  serviceArea?: Omit<ServiceAreaInput, 'extraLocalityIds' | 'excludedLocalityIds'> &
    Partial<Pick<ServiceAreaInput, 'extraLocalityIds' | 'excludedLocalityIds'>>;
  authid?: string;
  google?: boolean;
  isClient?: boolean;
  isProfessional?: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{6,40}$/;
const IMAGE_URL_MAX = 500;

export function isValidEmail(email: string): boolean {
  return EMAIL.test(email.trim());
}

/** Our own uploads and avatars (in their stored form), or an https image (a Google profile picture). */
export function isAcceptableImageUrl(url: string): boolean {
  return isStoredAssetPath(url) || /^https:\/\/[^\s"'<>]+$/.test(url);
}

const M = REGISTRATION_MESSAGES;

/** The fields every account has, as the forms ask them, each with its own message. */
export const personFieldSchemas = {
  firstName: requiredText(M.firstName, FIELD_MAX_LENGTHS.firstName, M.tooLong),
  lastName: requiredText(M.lastName, FIELD_MAX_LENGTHS.lastName, M.tooLong),
  email: requiredText(M.email, FIELD_MAX_LENGTHS.email, M.emailFormat).regex(EMAIL, M.emailFormat).toLowerCase(),
  phoneNumber: requiredText(M.phoneNumber, FIELD_MAX_LENGTHS.phoneNumber, M.tooLong).regex(PHONE, M.phoneFormat),
  address: requiredText(M.address, FIELD_MAX_LENGTHS.address, M.tooLong),
  /** Absent, null or '' mean "no image". */
  profileImg: z
    .string({ error: M.profileImg })
    .trim()
    .max(IMAGE_URL_MAX, M.profileImg)
    .refine((url) => url === '' || isAcceptableImageUrl(url), M.profileImg)
    .transform((url) => (url === '' ? null : url))
    .nullish()
    .transform((url) => url ?? null),
};

/** "Sobre mi" as the professional writes it (trimmed, at most FIELD_MAX_LENGTHS.aboutMe characters). */
export const aboutMeSchema = z.string({ error: M.tooLong }).trim().max(FIELD_MAX_LENGTHS.aboutMe, M.tooLong);

/** Profession names: lower-case, each once, blanks dropped (whether they exist is the catalogue's to say). */
export const professionNamesSchema = z
  .array(z.string({ error: M.professions }).trim().toLowerCase(), { error: M.professions })
  .transform((names) => [...new Set(names.filter((name) => name !== ''))]);

/** A password as typed: present, 8 to 200 characters (not trimmed: spaces are part of it). */
export const passwordSchema = z
  .string({ error: M.password })
  .min(1, M.password)
  .min(PASSWORD_MIN_LENGTH, M.passwordLength)
  .max(FIELD_MAX_LENGTHS.password, M.tooLong);

/** The registration form's order, in which its problems are listed. */
export const REGISTRATION_FIELDS = [
  'type',
  'email',
  'password',
  'confirmPassword',
  'firstName',
  'lastName',
  'phoneNumber',
  'address',
  'localityId',
  'profileImg',
  'professions',
  'dayPrice',
  'availableDays',
  'serviceArea',
  'aboutMe',
] as const;

function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

/**
 * `POST /home/user/register`: a client (isClient) or a professional (isProfessional, with at least one profession, a
 * price per day and working days);
 * a Google registration has no password. The web form adds `confirmPassword`, which must repeat the password.
 */
export const registrationSchema = bodyObject({
  ...personFieldSchemas,
  password: z.string({ error: M.password }).optional(),
  confirmPassword: z.string({ error: M.passwordMismatch }).optional(),
  aboutMe: aboutMeSchema.optional(),
  professions: professionNamesSchema.optional(),
  dayPrice: dayPriceSchema.optional(),
  availableDays: availableDaysSchema.optional(),
  localityId: localityIdFieldSchema().nullish(),
  serviceArea: serviceAreaInputSchema.optional(),
  authid: z.string().optional(),
  google: z.boolean().optional(),
  isClient: z.boolean({ error: M.type }).optional(),
  isProfessional: z.boolean({ error: M.type }).optional(),
}).check(
  crossFieldRules((body, ctx) => {
    if ((body.isClient === true) === (body.isProfessional === true)) fieldIssue(ctx, 'type', M.type);
    if (body.google !== true) {
      const password = passwordSchema.safeParse(body.password);
      if (!password.success) fieldIssue(ctx, 'password', password.error.issues[0].message);
      if (body.confirmPassword !== undefined && body.confirmPassword !== body.password)
        fieldIssue(ctx, 'confirmPassword', M.passwordMismatch);
    }
    if (body.isProfessional === true && body.isClient !== true) {
      const professions = Array.isArray(body.professions) ? body.professions : [];
      if (professions.every(isBlank)) fieldIssue(ctx, 'professions', M.professions);
      // No invented terms: a professional goes live only at the price and on the days they chose.
      if (body.dayPrice == null) fieldIssue(ctx, 'dayPrice', PROFESSIONAL_EDIT_MESSAGES.dayPriceRequired);
      if (body.availableDays == null) fieldIssue(ctx, 'availableDays', PROFESSIONAL_EDIT_MESSAGES.availableDays);
    }
  }),
);

export type Registration = z.output<typeof registrationSchema>;

/**
 * Every problem of a registration, one per field, in form order. A Google
 * registration needs no password; a professional needs a profession.
 */
export function validateRegistration(payload: Partial<RegistrationPayload>, options: { confirmPassword?: string } = {}): FieldError[] {
  const input = options.confirmPassword === undefined ? payload : { ...payload, confirmPassword: options.confirmPassword };
  const result = parseWith(registrationSchema, input, REGISTRATION_FIELDS);
  return result.ok ? [] : result.errors;
}

/** Editable profile fields (`PUT /api/clients/{id}`). `partial`: blank means "keep the current value". */
export interface ProfileFields {
  firstName?: string;
  lastName?: string;
  email?: string;
  phoneNumber?: string;
  address?: string;
  /** The address's locality (INDEC id); null clears it. */
  localityId?: string | null;
}

/** A profile field of an edit: blank (or absent) keeps the current value, anything else follows the field's rule. */
function keepWhenBlank<S extends z.ZodType<string | undefined>>(schema: S) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());
}

/** The profile edit's person fields (`PUT /api/clients/{id}`): blank keeps the current value. */
export const profileFieldsSchema = bodyObject({
  firstName: keepWhenBlank(personFieldSchemas.firstName),
  lastName: keepWhenBlank(personFieldSchemas.lastName),
  email: keepWhenBlank(personFieldSchemas.email),
  phoneNumber: keepWhenBlank(personFieldSchemas.phoneNumber),
  address: keepWhenBlank(personFieldSchemas.address),
  // Absent or blank keeps the current locality; null clears it.
  localityId: z.preprocess((value) => (value === '' ? undefined : value), localityIdFieldSchema().nullable().optional()),
});

/** The user type is the first word of the login answer's `msg` (spec section 4, Session). */
export function userTypeFromMessage(msg: string): UserType | null {
  const word = msg.trim().split(/\s+/)[0];
  return word === 'cliente' || word === 'profesional' || word === 'administrador' ? word : null;
}

/** A signed-in user as login, registration and `GET /home/user/me` answer it (`dataValues`). */
export interface SessionUser extends PersonContact {
  id: number;
  type: UserType;
  google: boolean;
  /** Whether the owner proved the e-mail (the mailed link, or Google at a Google registration); absent means unknown. */
  emailVerified?: boolean;
  /** The address's locality (INDEC id), null when not given. */
  localityId?: string | null;
  /** The address's locality whole (every account answer), null when not given. */
  locality?: Locality | null;
  /** Clients only. */
  cartId?: number;
  /** Professionals only. */
  aboutMe?: string | null;
  dayPrice?: number;
  availableDays?: Day[];
  professions?: Profession[];
  /** Professionals only: where they work, null until they set it. */
  serviceArea?: ServiceArea | null;
}

/** `{msg, dataValues, cart}`: what the spec's client reads after login. */
export interface SessionAnswer {
  msg: string;
  dataValues: SessionUser;
  cart: { id: number } | null;
}
