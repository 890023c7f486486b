import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../../common/crypto/random-tokens';
import { LOGIN_DEVICE_PURPOSE, signLink, verifyLink } from '../../common/signed-links/signed-links';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

export const DEVICE_COOKIE = 'oficios_device';
/** Sent only to the password sign-in, the one request that reads it. */
const DEVICE_COOKIE_PATH = '/home/user/login';
/** A browser remembers this many accounts it signed in to (a family's computer); the oldest go first. */
const ACCOUNTS_PER_BROWSER = 5;
/** Between the entries of the cookie (signed tokens are base64url and a dot). */
const SEPARATOR = '~';

/** One account this browser signed in to with its password: the nonce names this browser's entry for it. */
export interface DeviceEntry {
  accountId: number;
  nonce: string;
  token: string;
}

/**
 * Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in to an
 * account with its password gets an entry for that account (its id, a random nonce, an expiry), signed with a key
 * derived from SESSION_SECRET. An entry that verifies is proof that this browser signed in to that account before,
 * so the sign-in limits other browsers' failures reach (the account's, the address's) do not apply to it; it has
 * its own (LoginThrottle). httpOnly, SameSite=Strict, only on the sign-in's path.
 */
@Injectable()
export class DeviceCookies {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The browser's entries whose signature and expiry hold; a forged, altered or expired one is nobody's. */
  read(req: FastifyRequest): DeviceEntry[] {
    const raw = (req.cookies as Record<string, string | undefined>)[DEVICE_COOKIE] ?? '';
    const entries: DeviceEntry[] = [];
    for (const token of raw.split(SEPARATOR).slice(0, ACCOUNTS_PER_BROWSER)) {
      const facts = token ? verifyLink(this.config.session.secret, LOGIN_DEVICE_PURPOSE, token, Date.now()) : null;
      if (facts && Number.isSafeInteger(facts.accountId) && typeof facts.nonce === 'string' && facts.nonce !== '')
        entries.push({ accountId: facts.accountId as number, nonce: facts.nonce, token });
    }
    return entries;
  }

  /** This browser's entry for the account, if it has one. */
  entryFor(entries: DeviceEntry[], accountId: number): DeviceEntry | null {
    return entries.find((entry) => entry.accountId === accountId) ?? null;
  }

  /** After a password sign-in: a new entry for the account (a fresh nonce, so a fresh count), first; the others kept. */
  remember(res: FastifyReply, entries: DeviceEntry[], accountId: number): void {
    const ms = this.config.login.deviceCookieDays * 86_400_000;
    const token = signLink(this.config.session.secret, LOGIN_DEVICE_PURPOSE, { accountId, nonce: randomToken(16) }, Date.now() + ms);
    const kept = entries.filter((entry) => entry.accountId !== accountId).map((entry) => entry.token);
    res.setCookie(DEVICE_COOKIE, [token, ...kept].slice(0, ACCOUNTS_PER_BROWSER).join(SEPARATOR), {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.session.secureCookies,
      path: DEVICE_COOKIE_PATH,
      maxAge: Math.floor(ms / 1000),
      expires: new Date(Date.now() + ms),
    });
  }
}
