import type { AppConfig } from '../../../config/app-config';
import { mpBadRequest } from './mercadopago-errors';
import type { SandboxPreferenceChange } from './sandbox-shapes';

/** A back URL the sandbox may send a browser to: a page of one of the configured web origins. */
export function isWebPage(value: unknown, config: AppConfig): boolean {
  if (typeof value !== 'string') return false;
  try {
    return config.webOrigins.includes(new URL(value).origin);
  } catch {
    return false;
  }
}

/**
 * Only this API's own notification URL and pages of its web origins: with the sandbox's token nobody can make it
 * POST signed notifications to an internal address or redirect a browser anywhere else.
 */
export function checkUrls(body: { notification_url?: unknown; back_urls?: unknown }, config: AppConfig): void {
  if (body.notification_url !== undefined && body.notification_url !== config.payments.notificationUrl)
    throw mpBadRequest('invalid_notification_url', 'notification_url must be the notification URL configured for this API');
  const backUrls = body.back_urls ?? {};
  if (typeof backUrls !== 'object' || backUrls === null || Array.isArray(backUrls))
    throw mpBadRequest('invalid_back_urls', 'back_urls must be an object');
  for (const [name, value] of Object.entries(backUrls))
    if (!['success', 'failure', 'pending'].includes(name) || !isWebPage(value, config))
      throw mpBadRequest('invalid_back_urls', `back_urls.${name} must be a page of the configured web origins`);
}

/** A preference's life from a body (create or update), as MercadoPago reads it: ISO dates, `expires` a boolean. */
export function preferenceLife(body: Record<string, unknown>): SandboxPreferenceChange {
  const life: SandboxPreferenceChange = {};
  if (body.expires !== undefined) {
    if (typeof body.expires !== 'boolean') throw mpBadRequest('invalid_expires', 'expires must be a boolean');
    life.expires = body.expires;
  }
  for (const field of ['expiration_date_from', 'expiration_date_to', 'date_of_expiration'] as const) {
    const value = body[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
      throw mpBadRequest('invalid_date', `${field} must be an ISO 8601 date`);
    life[field] = new Date(value).toISOString();
  }
  return life;
}
