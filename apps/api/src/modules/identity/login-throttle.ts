import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { apiError } from '../../common/errors/app-errors';
import { RateLimiter } from '../../common/rate-limiter.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** An address may fail this many times more than one account: a family or an office shares it. */
export const PER_ADDRESS_FACTOR = 10;

/** 429 with how long to wait (the answer's `retryAfter`, and its Retry-After header). */
export function tooManyAttempts(blockedFor: number) {
  return apiError(
    HttpStatus.TOO_MANY_REQUESTS,
    'too_many_attempts',
    `Demasiados intentos. Espera ${Math.ceil(blockedFor / 60)} minutos e intenta de nuevo.`,
    { retryAfter: blockedFor },
  );
}

/** The attempt being checked, to report its outcome with: by a trusted device (its own count) or by anyone. */
export interface PasswordAttempt {
  accountKey: string;
  addressKey: string;
  /** Set when the attempt came with a trusted device cookie: only this count applies to it. */
  deviceKey: string | null;
}

/**
 * Password guessing limits, per account (the e-mail) and per address (`req.ip`, which believes `X-Forwarded-For`
 * only from the proxies TRUST_PROXY names). Every attempt is counted before the password is checked, so parallel
 * guesses get no more tries than sequential ones, and while a limit is reached even the right password is refused.
 * An attempt with the browser's device cookie for the account (DeviceCookies) is not anyone's: others' failures do
 * not lock it out (thousands of phones share a carrier's address), it counts only against its own cookie, and
 * once that cookie failed LOGIN_DEVICE_MAX_FAILURES times (a stolen laptop) it is anyone's again.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts the attempt; 429 when it is anyone's and the account or the address is over its limit. */
  async attempt(email: string, ip: string, deviceNonce: string | null = null): Promise<PasswordAttempt> {
    const keys = { accountKey: `login:account:${email.trim().toLowerCase()}`, addressKey: `login:address:${ip}` };
    const { maxFailures, lockMinutes, deviceMaxFailures, deviceCookieDays } = this.config.login;
    if (deviceNonce !== null) {
      const deviceKey = `login:device:${deviceNonce}`;
      // Counted over the cookie's whole life: once over, it stays untrusted until it expires (or signs in).
      const over = await this.limiter.consume([{ key: deviceKey, limit: deviceMaxFailures, windowSeconds: deviceCookieDays * 86_400 }]);
      if (over === 0) return { ...keys, deviceKey };
    }
    const blockedFor = await this.limiter.consume([
      { key: keys.accountKey, limit: maxFailures, windowSeconds: lockMinutes * 60 },
      { key: keys.addressKey, limit: maxFailures * PER_ADDRESS_FACTOR, windowSeconds: lockMinutes * 60 },
    ]);
    if (blockedFor > 0) throw tooManyAttempts(blockedFor);
    return { ...keys, deviceKey: null };
  }

  /**
   * The right password. By a trusted device: its count is spent (a new cookie comes), and others' failures stay
   * counted against them. By anyone: the account starts afresh, and the address gets back the try it used.
   */
  async succeeded(attempt: PasswordAttempt): Promise<void> {
    if (attempt.deviceKey !== null) return this.limiter.reset(attempt.deviceKey);
    await Promise.all([this.limiter.reset(attempt.accountKey), this.limiter.forgive(attempt.addressKey)]);
  }
}
