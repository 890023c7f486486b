import { z } from 'zod';
import { passwordSchema, REGISTRATION_MESSAGES } from './registration';

/** Spanish messages of a change of e-mail or password (the profile edit); web and API show the same. */
export const CREDENTIAL_MESSAGES = {
  currentPasswordMissing: 'Escribe tu contraseña actual para cambiar el correo o la contraseña',
  currentPasswordWrong: 'La contraseña actual no es correcta',
  noPassword:
    'Tu cuenta entra con Google y no tiene contraseña, así que no puedes cambiar el correo ni la contraseña desde aquí. Crea una contraseña con «¿Olvidaste tu contraseña?» e intenta de nuevo.',
  notYourPassword: 'Solo el titular de la cuenta cambia su contraseña',
} as const;

/** A new password: blank means "no change"; otherwise the registration's rules. */
export const newPasswordSchema = z
  .union([z.literal(''), z.null(), passwordSchema], { error: REGISTRATION_MESSAGES.password })
  .optional()
  .transform((password) => password || undefined);

/**
 * Whether an edit changes what signs the account in (another e-mail, a new password), which needs the current
 * password. `email` as the edit sends it; the comparison ignores case and spaces, as the account stores it.
 */
export function changesCredentials(edit: { email?: string; password?: string }, currentEmail: string): boolean {
  const email = edit.email?.trim().toLowerCase();
  return (email !== undefined && email !== '' && email !== currentEmail.trim().toLowerCase()) || Boolean(edit.password);
}
