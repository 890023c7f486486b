import { storedAssetPath } from '@oficios/domain';
import { API_URL } from '../api/api-client';

/** Shown when a professional or client has no picture (served from apps/web/public). */
export const PLACEHOLDER_IMAGE = '/placeholder-professional.svg';

/**
 * Resolves an image path the API answers ('/avatars/12.svg', '/uploads/x.png')
 * against the API base; absolute, protocol-relative, data: and blob: URLs are kept.
 */
export function assetUrl(path: string | null | undefined): string {
  const value = path?.trim();
  if (!value) return PLACEHOLDER_IMAGE;
  if (/^([a-z][a-z\d+.-]*:|\/\/)/i.test(value)) return value;
  return `${API_URL.replace(/\/+$/, '')}/${value.replace(/^\/+/, '')}`;
}

/**
 * What to send as `profileImg`: one of the API's images as it answers them (absolute) goes back as its stored path,
 * which the shared validation accepts on any origin; anything else (a Google picture) as it is.
 */
export function storedImagePath(url: string): string {
  return storedAssetPath(url, API_URL);
}
