import { HttpStatus } from '@nestjs/common';
import { apiError } from '../../common/errors/app-errors';

export const EMAIL_TAKEN = 'Ya existe una cuenta con ese correo';

/** Whether the error is the e-mail's unique-index violation. */
export function isEmailTaken(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

/**
 * Turns the e-mail's unique-index violation into a 409 naming the field; any
 * other error passes through. The index, not a prior lookup, decides, so two
 * racing sign-ups cannot both win.
 */
export function rethrowEmailTaken(error: unknown): never {
  if (isEmailTaken(error)) {
    throw apiError(HttpStatus.CONFLICT, 'email_taken', EMAIL_TAKEN, { errors: [{ field: 'email', message: EMAIL_TAKEN }] });
  }
  throw error;
}
