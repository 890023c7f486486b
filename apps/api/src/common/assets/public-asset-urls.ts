import { Inject, Injectable } from '@nestjs/common';
import { publicAssetUrl, storedAssetPath } from '@oficios/domain';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** The answer fields that carry an image address. */
const ASSET_FIELDS = new Set(['profileImg']);

/**
 * Images are stored relative (`/uploads/…`, `/avatars/…`) and leave the API absolute, on PUBLIC_API_URL, so clients
 * on other origins (an older web client, mails, a mobile app) can show them. Every JSON answer is written through
 * `publicAssetUrlsReplacer`; an answer serialised another way (JsonAnswers', an HTML page) passes `answer` by hand.
 * Inputs pass `stored` (StoredAssetPathsMiddleware): our own absolute images are kept as their path.
 */
@Injectable()
export class PublicAssetUrls {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The answer with every image field made absolute: a copy where anything changed, never a change to the value given (it may be cached). */
  answer<T>(value: T): T {
    return withPublicAssetUrls(value, this.config.publicApiUrl);
  }

  /** One stored image's absolute address. */
  url(path: string): string {
    return publicAssetUrl(path, this.config.publicApiUrl);
  }

  /** An image address as received, in its stored form (our own absolute images become their path). */
  stored<T>(value: T): T | string {
    return storedAssetPath(value, this.config.publicApiUrl);
  }
}

/**
 * The JSON replacer of every answer Express writes (`json replacer`, app.factory.ts): each image field leaves absolute
 * wherever it sits, as it is written, with no copy of the answer. It replaced a global interceptor, whose RxJS and
 * async-context plumbing took about a tenth of a small answer's CPU on every request.
 */
export function publicAssetUrlsReplacer(apiBaseUrl: string): (key: string, value: unknown) => unknown {
  return (key, value) => (ASSET_FIELDS.has(key) ? publicAssetUrl(value as string | null | undefined, apiBaseUrl) : value);
}

export function withPublicAssetUrls<T>(value: T, apiBaseUrl: string): T {
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item, index) => {
      const mapped = withPublicAssetUrls(item, apiBaseUrl);
      if (mapped !== item) (copy ??= [...value])[index] = mapped;
    });
    return (copy ?? value) as T;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, field] of Object.entries(value)) {
    const mapped = ASSET_FIELDS.has(key) ? publicAssetUrl(field as string | null, apiBaseUrl) : withPublicAssetUrls(field, apiBaseUrl);
    if (mapped !== field) (copy ??= { ...value })[key] = mapped;
  }
  return (copy ?? value) as T;
}

/** Answers are plain data; class instances (dates, buffers, streams) are sent as they are. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
