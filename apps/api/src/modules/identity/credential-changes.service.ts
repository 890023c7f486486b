import { HttpStatus, Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import { CREDENTIAL_MESSAGES } from '@oficios/domain';
import { SessionService } from './sessions/session.service';
import { apiError, invalidInput } from '../../common/errors/app-errors';
import { OutboxService } from '../outbox';
import { AccountLinksRepository } from './account-links.repository';
import type { User } from './entities/user.entity';
import { rethrowEmailTaken } from './email-conflict';
import { LoginThrottle } from './login-throttle';
import { UsersRepository } from './users.repository';

/** The account's sign-in data changing: `email` (already checked and normalised) and/or a new `password`. */
export interface CredentialChange {
  email?: string;
  password?: string;
}

/**
 * Changes of what signs an account in (its e-mail, its password). They need the caller's current password, and they
 * end every other session of the account: whoever was signed in elsewhere, perhaps with a stolen cookie, is out.
 * A new e-mail is unverified until its mailed link is opened, and links sent to the old address stop working.
 */
@Injectable()
export class CredentialChanges {
  constructor(
    private readonly users: UsersRepository,
    private readonly links: AccountLinksRepository,
    private readonly throttle: LoginThrottle,
    private readonly sessions: SessionService,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * The caller proves it is the account holder (or an administrator acting, with the administrator's password):
   * 400 without the current password, 403 when it is wrong or the account has none, 429 while its sign-in is locked
   * (wrong guesses here count as failed logins).
   */
  async confirmCurrentPassword(callerId: number, currentPassword: string | undefined, ip: string): Promise<void> {
    const caller = await this.users.findWithPassword(callerId);
    if (!caller?.passwordHash)
      throw apiError(HttpStatus.FORBIDDEN, 'google_account_without_password', CREDENTIAL_MESSAGES.noPassword, {
        errors: [{ field: 'currentPassword', message: CREDENTIAL_MESSAGES.noPassword }],
      });
    if (!currentPassword)
      throw invalidInput([{ field: 'currentPassword', message: CREDENTIAL_MESSAGES.currentPasswordMissing }], 'current_password_required');
    const attempt = await this.throttle.attempt(caller.email, ip);
    if (!(await verify(caller.passwordHash, currentPassword)))
      throw apiError(HttpStatus.FORBIDDEN, 'current_password_wrong', CREDENTIAL_MESSAGES.currentPasswordWrong, {
        errors: [{ field: 'currentPassword', message: CREDENTIAL_MESSAGES.currentPasswordWrong }],
      });
    await this.throttle.succeeded(attempt);
  }

  /**
   * Saves `user` (its other edited fields included) with the change, in one transaction with its consequences.
   * `keepSessionId`: the caller's own session, when the caller is the account holder (it stays signed in).
   */
  async save(user: User, change: CredentialChange, keepSessionId: string | undefined): Promise<void> {
    const emailChanged = change.email !== undefined && change.email !== user.email;
    const passwordHash = change.password === undefined ? undefined : await hash(change.password);
    if (emailChanged) {
      user.email = change.email!;
      user.emailVerifiedAt = null;
    }
    try {
      await this.outbox.transaction(async (manager) => {
        await this.users.save(user, manager);
        if (passwordHash !== undefined) await this.users.setPassword(user.id, passwordHash, { emailVerified: false }, manager);
        if (!emailChanged && passwordHash === undefined) return;
        await this.sessions.revokeAll(user.id, { exceptSessionId: keepSessionId, manager });
        if (emailChanged) {
          await this.links.revokeAll(user.id, manager);
          await this.outbox.record(manager, 'EmailVerificationRequested', { userId: user.id });
        }
      });
    } catch (error) {
      rethrowEmailTaken(error);
    }
  }
}
