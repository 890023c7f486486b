/**
 * Our own images (uploaded pictures, generated avatars) are stored as paths on the API (`/uploads/<name>`,
 * `/avatars/<name>`) and answered as absolute URLs on the API's public address, so clients on any origin can show
 * them. Both directions live here, for the API's answers and inputs and the web's forms.
 */
const STORED_ASSET_PATH = /^\/(uploads|avatars)\/[\w.-]+$/;

/** Whether the value is one of our images in its stored form (a path on the API). */
export function isStoredAssetPath(value: string): boolean {
  return STORED_ASSET_PATH.test(value);
}

const withoutTrailingSlash = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

/** The absolute address of a stored image on the API at `apiBaseUrl`; any other value (a Google picture, null) as it is. */
export function publicAssetUrl<T extends string | null | undefined>(value: T, apiBaseUrl: string): T | string {
  return typeof value === 'string' && isStoredAssetPath(value) ? `${withoutTrailingSlash(apiBaseUrl)}${value}` : value;
}

/**
 * The stored form of an image address: one of our own images given absolute (as answers carry it) becomes its path
 * on the API; any other value is kept for the validation to judge.
 */
export function storedAssetPath<T>(value: T, apiBaseUrl: string): T | string {
  if (typeof value !== 'string') return value;
  const base = withoutTrailingSlash(apiBaseUrl);
  const trimmed = value.trim();
  if (!trimmed.startsWith(`${base}/`)) return value;
  const path = trimmed.slice(base.length);
  return isStoredAssetPath(path) ? path : value;
}
