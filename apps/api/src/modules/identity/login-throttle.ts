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

/** The attempt being checked, to report its outcome with. */
export interface PasswordAttempt {
  accountKey: string;
  addressKey: string;
}

/**
 * Password guessing limits, per account (the e-mail) and per address (`req.ip`, which believes `X-Forwarded-For`
 * only from the proxies TRUST_PROXY names). Every attempt is counted before the password is checked, so parallel
 * guesses get no more tries than sequential ones, and while a limit is reached even the right password is refused.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts the attempt; 429 when the account or the address is over its limit. */
  async attempt(email: string, ip: string): Promise<PasswordAttempt> {
    const attempt = { accountKey: `login:account:${email.trim().toLowerCase()}`, addressKey: `login:address:${ip}` };
    const { maxFailures, lockMinutes } = this.config.login;
    const blockedFor = await this.limiter.consume([
      { key: attempt.accountKey, limit: maxFailures, windowSeconds: lockMinutes * 60 },
      { key: attempt.addressKey, limit: maxFailures * PER_ADDRESS_FACTOR, windowSeconds: lockMinutes * 60 },
    ]);
    if (blockedFor > 0) throw tooManyAttempts(blockedFor);
    return attempt;
  }

  /** The right password: the account starts afresh, and the address gets back the try it used. */
  async succeeded(attempt: PasswordAttempt): Promise<void> {
    await Promise.all([this.limiter.reset(attempt.accountKey), this.limiter.forgive(attempt.addressKey)]);
  }
}
