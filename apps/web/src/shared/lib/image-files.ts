/**
 * The upload rules as the browser can check them before sending (the API checks them again, sniffing the bytes):
 * the accepted types and the size cap, with the API's own messages.
 */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** For an `<input type="file" accept>`. */
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');
/** UPLOAD_MAX_BYTES's default (the API's answer says so when it is set otherwise). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Shown when the API's answer carries no message (e.g. a proxy refusing a big body). */
export const UPLOAD_FAILED = 'No se pudo subir la imagen';
export const UPLOAD_TOO_BIG = 'La imagen es demasiado grande (máximo 2 MB)';
export const UPLOAD_NOT_AN_IMAGE = 'El archivo no es una imagen PNG, JPEG, GIF o WEBP';

/** Why `file` cannot be sent as an image, or null when it can. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return UPLOAD_NOT_AN_IMAGE;
  if (file.size > IMAGE_MAX_BYTES) return UPLOAD_TOO_BIG;
  return null;
}
