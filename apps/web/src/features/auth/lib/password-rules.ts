import { validateRegistration, type FieldError } from '@oficios/domain';

/**
 * The registration's password rules (required, PASSWORD_MIN_LENGTH, maximum
 * length, 'Las contraseñas no coinciden'), taken from the shared domain
 * validator rather than written again: only its password findings are kept.
 */
export function passwordErrors(password: string, confirmPassword: string): FieldError[] {
  return validateRegistration({ password }, { confirmPassword }).filter((e) => e.field === 'password' || e.field === 'confirmPassword');
}
