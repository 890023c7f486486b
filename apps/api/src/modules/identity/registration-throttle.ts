import { Inject, Injectable } from '@nestjs/common';
import { RateLimiter } from '../../common/rate-limiter.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PER_ADDRESS_FACTOR, tooManyAttempts } from './login-throttle';

/** The registration being checked, to report its outcome with. */
export interface RegistrationAttempt {
  emailKey: string;
  addressKey: string;
}

/**
 * Registration limits, as sign-in's: per e-mail and per address (`req.ip`), every attempt counted before any work,
 * so that trying e-mails to learn which have an account (409) gets a few tries an hour, not thousands. An account
 * created gives its e-mail a fresh count and its address the try back: signing up is not what is limited, asking
 * about others' e-mails is.
 */
@Injectable()
export class RegistrationThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts the attempt; 429 when the e-mail or the address is over its limit. */
  async attempt(email: string, ip: string): Promise<RegistrationAttempt> {
    const attempt = { emailKey: `register:email:${email.trim().toLowerCase()}`, addressKey: `register:address:${ip}` };
    const { maxAttempts, windowMinutes } = this.config.registration;
    const blockedFor = await this.limiter.consume([
      { key: attempt.emailKey, limit: maxAttempts, windowSeconds: windowMinutes * 60 },
      { key: attempt.addressKey, limit: maxAttempts * PER_ADDRESS_FACTOR, windowSeconds: windowMinutes * 60 },
    ]);
    if (blockedFor > 0) throw tooManyAttempts(blockedFor);
    return attempt;
  }

  /** Whether the account's owner is yet to be told of an attempt in this window (it is once, however many come). */
  async firstNoticeInWindow(userId: number): Promise<boolean> {
    return (await this.limiter.hit(`register:notice:${userId}`, this.config.registration.windowMinutes * 60)) === 1;
  }

  /** The account was created: its e-mail starts afresh, and the address gets back the try it used. */
  async succeeded(attempt: RegistrationAttempt): Promise<void> {
    await Promise.all([this.limiter.reset(attempt.emailKey), this.limiter.forgive(attempt.addressKey)]);
  }
}
