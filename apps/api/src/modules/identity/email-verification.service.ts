import { Injectable } from '@nestjs/common';
import { LINK_MESSAGES } from '@oficios/domain';
import { invalidInput } from '../../common/errors/app-errors';
import { RateLimiter } from '../../common/rate-limiter.service';
import { OutboxService } from '../outbox';
import { AccountLinksRepository } from './account-links.repository';

export const EMAIL_VERIFIED = 'Tu correo quedó verificado';
export const EMAIL_ALREADY_VERIFIED = 'Tu correo ya estaba verificado';
export const VERIFICATION_SENT = 'Te enviamos un enlace para verificar tu correo';

/** E-mail verification: the link is mailed by a job (EmailVerificationMailJob) and confirmed here. */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly links: AccountLinksRepository,
    private readonly outbox: OutboxService,
    private readonly limiter: RateLimiter,
  ) {}

  async confirm(token: string): Promise<{ message: string }> {
    const outcome = await this.links.confirmEmail(token);
    if (outcome === 'invalid') throw invalidInput([{ field: 'token', message: LINK_MESSAGES.invalidLink }], 'invalid_link');
    return { message: outcome === 'verified' ? EMAIL_VERIFIED : EMAIL_ALREADY_VERIFIED };
  }

  /** Mails a new link to the signed-in user's address (at most three an hour, silently; none once verified). */
  async resend(userId: number): Promise<{ message: string }> {
    if ((await this.limiter.hit(`verify:${userId}`, 3600)) <= 3)
      await this.outbox.transaction((manager) => this.outbox.record(manager, 'EmailVerificationRequested', { userId }));
    return { message: VERIFICATION_SENT };
  }
}
