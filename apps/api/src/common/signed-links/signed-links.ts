import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Links that act without a session (the professional's "Aceptar" / "Rechazar" in a mail): the token carries its
 * purpose, its facts and its expiry, signed with a key derived from SESSION_SECRET for that purpose alone, so a token
 * of one purpose never passes for another and no session cookie can be forged from it. Single use is the caller's:
 * the action it allows must be possible only once (a booking is decided once).
 */
export type LinkFacts = Record<string, string | number>;

/** The purpose of the professional's "Aceptar" / "Rechazar" links (facts: lineId, professionalId; expiry: the answer's due time). */
export const BOOKING_DECISION_PURPOSE = 'booking-decision';

/** The purpose of a browser's device cookie entries (facts: accountId, nonce; expiry: the cookie's). */
export const LOGIN_DEVICE_PURPOSE = 'login-device';

const FACT_KEY = /^[a-z][a-zA-Z0-9]{0,30}$/;

function keyFor(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'oficios-signed-links', purpose, 32));
}

const signatureOf = (key: Buffer, body: string): Buffer => createHmac('sha256', key).update(body).digest();

/** A URL-safe token for `facts`, valid until `expiresAt` (epoch ms). */
export function signLink(secret: string, purpose: string, facts: LinkFacts, expiresAt: number): string {
  for (const name of Object.keys(facts)) if (!FACT_KEY.test(name)) throw new RangeError(`Nombre de dato inválido: ${name}`);
  if (!Number.isSafeInteger(expiresAt)) throw new RangeError('Vencimiento inválido');
  const body = Buffer.from(JSON.stringify({ ...facts, exp: expiresAt })).toString('base64url');
  return `${body}.${signatureOf(keyFor(secret, purpose), body).toString('base64url')}`;
}

/** The facts of a token signed for `purpose` and not expired at `now`; null for anything else. */
export function verifyLink(secret: string, purpose: string, token: string, now: number): LinkFacts | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [body, signature] = parts;
  const expected = signatureOf(keyFor(secret, purpose), body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let facts: unknown;
  try {
    facts = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof facts !== 'object' || facts === null || Array.isArray(facts)) return null;
  const { exp, ...rest } = facts as Record<string, unknown>;
  if (typeof exp !== 'number' || now > exp) return null;
  return Object.values(rest).every((value) => typeof value === 'string' || typeof value === 'number') ? (rest as LinkFacts) : null;
}
