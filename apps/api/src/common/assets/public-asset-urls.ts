import { Inject, Injectable } from '@nestjs/common';
import { publicAssetUrl, storedAssetPath } from '@oficios/domain';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** The answer fields that carry an image address. */
const ASSET_FIELDS = new Set(['profileImg']);

/**
 * Images are stored relative (`/uploads/…`, `/avatars/…`) and leave the API absolute, on PUBLIC_API_URL, so clients
 * on other origins (an older web client, mails, a mobile app) can show them. One rule writes them so: `replacer`, the
 * JSON replacer of every answer the API serialises (app.factory.ts), of the answers serialised once and kept (`json`:
 * JsonAnswers, the plain list) and of the Google popup page. Inputs pass `stored` (storedAssetPathsHook): our
 * own absolute images are kept as their path.
 */
@Injectable()
export class PublicAssetUrls {
  /**
   * Each image field absolute wherever it sits, as the answer is written, with no copy of it (answers may be cached).
   * It replaced a global interceptor, whose RxJS and async-context plumbing took about a tenth of a small answer's CPU
   * on every request.
   */
  readonly replacer: (key: string, value: unknown) => unknown;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const base = config.publicApiUrl;
    this.replacer = (key, value) => (ASSET_FIELDS.has(key) ? publicAssetUrl(value as string | null | undefined, base) : value);
  }

  /** The value as JSON text, images absolute. */
  json(value: unknown): string {
    return JSON.stringify(value, this.replacer);
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
