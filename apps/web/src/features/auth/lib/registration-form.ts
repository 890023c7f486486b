import { REGISTRATION_MESSAGES, validateRegistration, type FieldError, type RegistrationPayload } from '@oficios/domain';
import { storedImagePath } from '../../../shared/lib/asset-url';
import type { GoogleProfile } from '../atoms/google-profile.atom';
import { serviceAreaBodyOf, type ServiceAreaValue } from '../../localities';

export type RegistrationKind = 'cliente' | 'profesional';

/** What the registration form holds (antd Form values). */
export interface RegistrationValues {
  email?: string;
  password?: string;
  confirmPassword?: string;
  firstName?: string;
  lastName?: string;
  address?: string;
  phoneNumber?: string;
  profileImg?: string | null;
  aboutMe?: string;
  professions?: string[];
  /** Professionals: pesos per day and working days. */
  dayPrice?: number | null;
  availableDays?: string[];
  /** Professionals: "Zona de trabajo" (optional: left empty, they set it later in their profile). */
  serviceArea?: ServiceAreaValue;
  terms?: boolean;
}

export const TERMS_REQUIRED = 'Debes aceptar los términos y condiciones';

/** Fields that show their own message; anything else goes to the form-level alert. */
export const REGISTRATION_FIELDS = [
  'email',
  'password',
  'confirmPassword',
  'firstName',
  'lastName',
  'address',
  'phoneNumber',
  'profileImg',
  'aboutMe',
  'professions',
  'dayPrice',
  'availableDays',
  'serviceArea',
  'terms',
] as const;

export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

export function isRegistrationField(field: string): field is RegistrationField {
  return (REGISTRATION_FIELDS as readonly string[]).includes(field);
}

const text = (value: string | undefined) => (value ?? '').trim();

/**
 * The `POST /home/user/register` body from the form: trimmed texts, the account
 * type flag, professions, price per day, working days and bio for professionals only, and for a Google
 * registration the Google e-mail, `google: true` and no password.
 */
export function buildRegistrationPayload(
  values: RegistrationValues,
  kind: RegistrationKind,
  google: GoogleProfile | null,
): RegistrationPayload {
  const payload: RegistrationPayload = {
    email: google ? google.email : text(values.email).toLowerCase(),
    firstName: text(values.firstName),
    lastName: text(values.lastName),
    address: text(values.address),
    phoneNumber: text(values.phoneNumber),
    google: google !== null,
  };
  if (!google) payload.password = values.password ?? '';
  if (values.profileImg) payload.profileImg = storedImagePath(values.profileImg);
  if (kind === 'profesional') {
    payload.isProfessional = true;
    payload.professions = values.professions ?? [];
    // Left blank, the shared rule asks for them: nothing is filled in for the professional.
    if (values.dayPrice != null) payload.dayPrice = values.dayPrice;
    payload.availableDays = values.availableDays ?? [];
    payload.aboutMe = text(values.aboutMe);
    const serviceArea = serviceAreaBodyOf(values.serviceArea);
    if (serviceArea) payload.serviceArea = serviceArea;
  } else {
    payload.isClient = true;
  }
  return payload;
}

/**
 * Every problem of the form: the shared domain rules (with the password
 * confirmation unless the account is Google's) plus the terms checkbox.
 */
export function registrationErrors(values: RegistrationValues, payload: RegistrationPayload): FieldError[] {
  const errors: FieldError[] = validateRegistration(payload, payload.google ? {} : { confirmPassword: values.confirmPassword ?? '' });
  if (values.terms !== true) errors.push({ field: 'terms', message: TERMS_REQUIRED });
  return errors;
}

/** One entry per form field (empty when fine), for antd `form.setFields`, and what is left for the alert. */
export function splitErrors(errors: FieldError[]): { fields: { name: RegistrationField; errors: string[] }[]; other: string[] } {
  // The area's parts (`serviceArea.radiusKm`...) show under its one field.
  const fieldOf = (field: string) => (field.startsWith('serviceArea.') ? 'serviceArea' : field);
  const fields = REGISTRATION_FIELDS.map((name) => ({
    name,
    errors: [...new Set(errors.filter((e) => fieldOf(e.field) === name).map((e) => e.message))],
  }));
  const other = errors.filter((e) => !isRegistrationField(fieldOf(e.field))).map((e) => e.message);
  return { fields, other };
}

export const FORM_ALERT = REGISTRATION_MESSAGES.formAlert;

/**
 * The form has no antd rules (the domain validator runs on submit), so antd
 * never clears a message by itself: clear it when its field changes (a new
 * password also clears the confirmation's mismatch).
 */
export function clearErrors(
  form: { setFields: (fields: { name: RegistrationField; errors: string[] }[]) => void },
  changed: RegistrationValues,
): void {
  const names = Object.keys(changed).filter(isRegistrationField);
  if (names.includes('password')) names.push('confirmPassword');
  form.setFields(names.map((name) => ({ name, errors: [] })));
}
