import { Injectable } from '@nestjs/common';
import { hash } from '@node-rs/argon2';
import { LINK_MESSAGES } from '@oficios/domain';
import { SessionService } from './sessions/session.service';
import { invalidInput } from '../../common/errors/app-errors';
import { RateLimiter } from '../../common/rate-limiter.service';
import { OutboxService } from '../outbox';
import { AccountLinksRepository } from './account-links.repository';
import { UsersRepository } from './users.repository';

export const RESET_REQUESTED = 'Si existe una cuenta con ese correo, te enviamos un enlace para elegir una nueva contraseña';

/** Password reset by e-mail: the link is mailed by a job (PasswordResetMailJob); single-use, stored hashed, valid one hour. */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly users: UsersRepository,
    private readonly links: AccountLinksRepository,
    private readonly outbox: OutboxService,
    private readonly sessions: SessionService,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * Answers the same, doing the same work, whether or not the e-mail has an account: it only records the request.
   * Looking the account up and mailing happen in a job, so neither shows in the answer's time.
   */
  async request(email: string): Promise<{ message: string }> {
    // At most three mails an hour per address, silently.
    if ((await this.limiter.hit(`reset:${email}`, 3600)) > 3) return { message: RESET_REQUESTED };
    await this.outbox.transaction((manager) => this.outbox.record(manager, 'PasswordResetRequested', { email }));
    return { message: RESET_REQUESTED };
  }

  /** Sets the new password and ends every session of the account: whoever held one must sign in again. */
  async reset(token: string, password: string): Promise<{ message: string }> {
    const passwordHash = await hash(password);
    const used = await this.users.transaction(async (manager) => {
      // Claiming the link and changing the password are one step: a link works once, even when raced.
      const userId = await this.links.claimPasswordReset(token, manager);
      if (userId === null) return false;
      // The link reached the account's mailbox (links die when the e-mail changes): that proves the e-mail too.
      await this.users.setPassword(userId, passwordHash, { emailVerified: true }, manager);
      await this.sessions.revokeAll(userId, { manager });
      return true;
    });
    if (!used) throw invalidInput([{ field: 'token', message: LINK_MESSAGES.invalidLink }], 'invalid_link');
    return { message: 'Contraseña actualizada' };
  }
}
