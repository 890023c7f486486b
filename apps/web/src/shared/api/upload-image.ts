import type { UploadAnswer } from '@oficios/domain';
import { ApiError, buildUrl, readCookie, XSRF_COOKIE, XSRF_HEADER } from './api-client';
import { UPLOAD_FAILED, UPLOAD_TOO_BIG } from '../lib/image-files';

export { UPLOAD_FAILED, UPLOAD_TOO_BIG };

/**
 * POST /home/uploads, multipart with field `file` (png, jpeg, gif or webp, at most 2 MB).
 * The JSON api client cannot send multipart, so this is its own fetch with the
 * same cookies and anti-forgery header. Rejects with an ApiError whose message
 * is the API's (400 names the file problem, 413 too big).
 */
export async function uploadImage(file: File, signal?: AbortSignal): Promise<UploadAnswer> {
  const body = new FormData();
  body.append('file', file);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readCookie(XSRF_COOKIE);
  if (token) headers[XSRF_HEADER] = token;
  const response = await fetch(buildUrl('/home/uploads'), { method: 'POST', body, headers, credentials: 'include', signal });
  const text = await response.text();
  let answer: unknown;
  try {
    answer = text === '' ? undefined : JSON.parse(text);
  } catch {
    answer = undefined;
  }
  if (!response.ok) {
    const error = new ApiError(response.status, '', answer);
    const apiMessage = (answer as { message?: unknown } | undefined)?.message;
    const message =
      error.errors[0]?.message ??
      (typeof apiMessage === 'string' && apiMessage !== '' ? apiMessage : response.status === 413 ? UPLOAD_TOO_BIG : UPLOAD_FAILED);
    throw new ApiError(response.status, message, answer);
  }
  return answer as UploadAnswer;
}
