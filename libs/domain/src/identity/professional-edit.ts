import type { FieldError } from '../catalog/listing';
import { DAYS, type Day } from '../constants';
import { exactCents, type Cents } from '../money/money';
import type { PersonContact } from './person';
import { FIELD_MAX_LENGTHS, REGISTRATION_MESSAGES, isAcceptableImageUrl, isValidEmail, validateProfileFields } from './registration';

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

/** Every problem of a professional edit, one message per field; on success the cleaned values. */
export function checkProfessionalEdit(
  body: Record<string, unknown>,
): { ok: true; value: ProfessionalEdit } | { ok: false; errors: FieldError[] } {
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : undefined);
  const errors: FieldError[] = validateProfileFields(
    { firstName: text('firstName'), lastName: text('lastName'), phoneNumber: text('phoneNumber'), address: text('address') },
    { partial: false },
  );
  const email = text('email')?.trim() ?? '';
  if (email === '') errors.push({ field: 'email', message: REGISTRATION_MESSAGES.email });
  else if (!isValidEmail(email) || email.length > FIELD_MAX_LENGTHS.email)
    errors.push({ field: 'email', message: REGISTRATION_MESSAGES.emailFormat });
  const image = body.profileImg === null || body.profileImg === undefined ? '' : text('profileImg')?.trim();
  if (image === undefined || (image !== '' && (!isAcceptableImageUrl(image) || image.length > 500)))
    errors.push({ field: 'profileImg', message: REGISTRATION_MESSAGES.profileImg });
  const professions = Array.isArray(body.professions) ? body.professions : null;
  if (!professions || professions.some((name) => typeof name !== 'string') || professions.every((name) => (name as string).trim() === ''))
    errors.push({ field: 'professions', message: REGISTRATION_MESSAGES.professions });
  const days = Array.isArray(body.availableDays) ? body.availableDays : null;
  const cleanDays = (days ?? []).map((day) => (typeof day === 'string' ? day.trim().toLowerCase() : ''));
  if (!days || days.length === 0) errors.push({ field: 'availableDays', message: PROFESSIONAL_EDIT_MESSAGES.availableDays });
  else if (cleanDays.some((day) => !(DAYS as readonly string[]).includes(day)))
    errors.push({
      field: 'availableDays',
      message: `${PROFESSIONAL_EDIT_MESSAGES.unknownDay}: ${cleanDays.filter((d) => !(DAYS as readonly string[]).includes(d)).join(', ')}`,
    });
  const dayPrice = body.dayPrice;
  const dayPriceCents = exactCents(dayPrice);
  if (dayPrice !== undefined && dayPrice !== null && (typeof dayPrice !== 'number' || !(dayPrice > 0) || dayPrice > MAX_DAY_PRICE))
    errors.push({ field: 'dayPrice', message: PROFESSIONAL_EDIT_MESSAGES.dayPrice });
  else if (typeof dayPrice === 'number' && dayPriceCents === null)
    errors.push({ field: 'dayPrice', message: PROFESSIONAL_EDIT_MESSAGES.dayPriceCents });
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      firstName: text('firstName')!.trim(),
      lastName: text('lastName')!.trim(),
      email: email.toLowerCase(),
      phoneNumber: text('phoneNumber')!.trim(),
      address: text('address')!.trim(),
      profileImg: image === '' ? null : (image as string),
      professions: [...new Set((professions as string[]).map((name) => name.trim().toLowerCase()).filter(Boolean))],
      // In the week's order, each once.
      availableDays: DAYS.filter((day) => cleanDays.includes(day)),
      ...(dayPriceCents !== null ? { dayPriceCents } : {}),
    },
  };
}
