import { Injectable } from '@nestjs/common';
import { badRequest } from '../../common/id.pipe';
import { RateLimiter } from '../../common/rate-limiter.service';
import { OutboxService } from '../outbox';
import { AccountLinksRepository } from './account-links.repository';

export const EMAIL_VERIFIED = 'Tu correo quedó verificado';
export const EMAIL_ALREADY_VERIFIED = 'Tu correo ya estaba verificado';
export const VERIFICATION_SENT = 'Te enviamos un enlace para verificar tu correo';
const INVALID_LINK = 'El enlace no es valido o ya expiro';

/** E-mail verification: the link is mailed by a job (EmailVerificationMailJob) and confirmed here. */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly links: AccountLinksRepository,
    private readonly outbox: OutboxService,
    private readonly limiter: RateLimiter,
  ) {}

  async confirm(token: unknown): Promise<{ message: string }> {
    if (typeof token !== 'string' || token === '' || token.length > 200) throw badRequest([{ field: 'token', message: INVALID_LINK }]);
    const outcome = await this.links.confirmEmail(token);
    if (outcome === 'invalid') throw badRequest([{ field: 'token', message: INVALID_LINK }]);
    return { message: outcome === 'verified' ? EMAIL_VERIFIED : EMAIL_ALREADY_VERIFIED };
  }

  /** Mails a new link to the signed-in user's address (at most three an hour, silently; none once verified). */
  async resend(userId: number): Promise<{ message: string }> {
    if ((await this.limiter.hit(`verify:${userId}`, 3600)) <= 3)
      await this.outbox.transaction((manager) => this.outbox.record(manager, 'EmailVerificationRequested', { userId }));
    return { message: VERIFICATION_SENT };
  }
}
