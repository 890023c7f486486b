import { Inject, Injectable } from '@nestjs/common';
import { publicAssetUrl, storedAssetPath } from '@oficios/domain';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** The answer fields that carry an image address. */
const ASSET_FIELDS = ['profileImg'];

/**
 * An image field with its string value, as JSON.stringify writes it: `"profileImg":"…"`. In JSON text an unescaped
 * quote only opens or closes a string, so this finds the fields themselves, at any depth, and never text inside a
 * value (whose quotes are escaped).
 */
const ASSET_MEMBER = new RegExp(`"(${ASSET_FIELDS.join('|')})":"((?:[^"\\\\]|\\\\.)*)"`, 'g');

/**
 * Images are stored relative (`/uploads/…`, `/avatars/…`) and leave the API absolute, on PUBLIC_API_URL, so clients
 * on other origins (an older web client, mails, a mobile app) can show them. One rule writes them so: `json`, the
 * serialiser of every answer the API sends (app.factory.ts), of the answers serialised once and kept (JsonAnswers,
 * the plain list) and of the Google popup page. Inputs pass `stored` (storedAssetPathsHook): our own absolute images
 * are kept as their path.
 */
@Injectable()
export class PublicAssetUrls {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * The value as JSON text, each image field absolute wherever it sits, with no copy of the value (answers may be
   * cached). The fields are rewritten in the text JSON.stringify made: a replacer function, called for every key of
   * every answer, took JSON.stringify off its fast path and doubled its time. A stored path needs no escaping, so its
   * text is its value; any other value (a Google picture, text with escapes) is left as written.
   */
  json(value: unknown): string {
    // (JSON.stringify(undefined) is undefined, and stays so.)
    const text: string | undefined = JSON.stringify(value);
    return text?.replace(ASSET_MEMBER, (member, field: string, written: string) => {
      const url = this.url(written);
      return url === written ? member : `"${field}":${JSON.stringify(url)}`;
    }) as string;
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
