import type { FieldError } from '../catalog/listing';
import type { Day, UserType } from '../constants';
import type { Profession } from '../catalog/catalog.types';
import type { PersonContact } from './person';
import { isStoredAssetPath } from '../media/asset-urls';

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
  authid?: string;
  google?: boolean;
  isClient?: boolean;
  isProfessional?: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{6,40}$/;

function blank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

export function isValidEmail(email: string): boolean {
  return EMAIL.test(email.trim());
}

/** Our own uploads and avatars (in their stored form), or an https image (a Google profile picture). */
export function isAcceptableImageUrl(url: string): boolean {
  return isStoredAssetPath(url) || /^https:\/\/[^\s"'<>]+$/.test(url);
}

/**
 * Every problem of a registration, one per field, in form order. A Google
 * registration needs no password; a professional needs a profession.
 */
export function validateRegistration(payload: Partial<RegistrationPayload>, options: { confirmPassword?: string } = {}): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => {
    if (!errors.some((e) => e.field === field)) errors.push({ field, message });
  };
  if (payload.isClient === payload.isProfessional || (payload.isClient !== true && payload.isProfessional !== true)) {
    add('type', REGISTRATION_MESSAGES.type);
  }
  if (blank(payload.email)) add('email', REGISTRATION_MESSAGES.email);
  else if (!isValidEmail(payload.email!) || payload.email!.length > FIELD_MAX_LENGTHS.email)
    add('email', REGISTRATION_MESSAGES.emailFormat);
  if (payload.google !== true) {
    if (blank(payload.password)) add('password', REGISTRATION_MESSAGES.password);
    else if (payload.password!.length < PASSWORD_MIN_LENGTH) add('password', REGISTRATION_MESSAGES.passwordLength);
    else if (payload.password!.length > FIELD_MAX_LENGTHS.password) add('password', REGISTRATION_MESSAGES.tooLong);
    if (options.confirmPassword !== undefined && options.confirmPassword !== payload.password) {
      add('confirmPassword', REGISTRATION_MESSAGES.passwordMismatch);
    }
  }
  errors.push(...validateProfileFields(payload, { partial: false }));
  if (payload.profileImg && !isAcceptableImageUrl(payload.profileImg)) add('profileImg', REGISTRATION_MESSAGES.profileImg);
  if (payload.isProfessional === true && payload.isClient !== true) {
    if (!Array.isArray(payload.professions) || payload.professions.filter((p) => !blank(p)).length === 0) {
      add('professions', REGISTRATION_MESSAGES.professions);
    }
    if (typeof payload.aboutMe === 'string' && payload.aboutMe.length > FIELD_MAX_LENGTHS.aboutMe)
      add('aboutMe', REGISTRATION_MESSAGES.tooLong);
  }
  return errors;
}

/** Editable profile fields (`PUT /api/clients/{id}`). `partial`: blank means "keep the current value". */
export interface ProfileFields {
  firstName?: string;
  lastName?: string;
  email?: string;
  phoneNumber?: string;
  address?: string;
}

export function validateProfileFields(fields: Partial<ProfileFields>, options: { partial: boolean }): FieldError[] {
  const errors: FieldError[] = [];
  const required: [keyof ProfileFields, string][] = [
    ['firstName', REGISTRATION_MESSAGES.firstName],
    ['lastName', REGISTRATION_MESSAGES.lastName],
    ['phoneNumber', REGISTRATION_MESSAGES.phoneNumber],
    ['address', REGISTRATION_MESSAGES.address],
  ];
  for (const [field, message] of required) {
    const value = fields[field];
    if (blank(value)) {
      if (!options.partial) errors.push({ field, message });
      continue;
    }
    if (value!.trim().length > FIELD_MAX_LENGTHS[field]) errors.push({ field, message: REGISTRATION_MESSAGES.tooLong });
    else if (field === 'phoneNumber' && !PHONE.test(value!.trim())) errors.push({ field, message: REGISTRATION_MESSAGES.phoneFormat });
  }
  if (options.partial && !blank(fields.email) && !isValidEmail(fields.email!)) {
    errors.push({ field: 'email', message: REGISTRATION_MESSAGES.emailFormat });
  }
  return errors;
}

/** Profile edit: only the non-blank fields, trimmed (blank keeps the current value). */
export function profileChanges(fields: Partial<ProfileFields>): ProfileFields {
  const changes: ProfileFields = {};
  for (const key of ['firstName', 'lastName', 'email', 'phoneNumber', 'address'] as const) {
    const value = fields[key];
    if (!blank(value)) changes[key] = key === 'email' ? value!.trim().toLowerCase() : value!.trim();
  }
  return changes;
}

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
  /** Clients only. */
  cartId?: number;
  /** Professionals only. */
  aboutMe?: string | null;
  dayPrice?: number;
  availableDays?: Day[];
  professions?: Profession[];
}

/** `{msg, dataValues, cart}`: what the spec's client reads after login. */
export interface SessionAnswer {
  msg: string;
  dataValues: SessionUser;
  cart: { id: number } | null;
}

/** Defaults for a newly registered professional. */
export const NEW_PROFESSIONAL_DAY_PRICE = 10000;
export const NEW_PROFESSIONAL_DAYS: Day[] = ['lunes', 'martes', 'miercoles', 'jueves', 'viernes'];
