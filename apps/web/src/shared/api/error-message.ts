import { isApiError } from './api-client';

export const NETWORK_ERROR = 'No se pudo conectar con el servidor. Intenta de nuevo.';

/** The API's message for a failed call (401, 429...), or a generic one when the server could not be reached. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return NETWORK_ERROR;
}
