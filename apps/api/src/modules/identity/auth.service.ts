import { Injectable, Logger } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import type { LoginInput, Registration, SessionUser } from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { invalidInput, unauthorized } from '../../common/errors/app-errors';
import { OutboxService } from '../outbox';
import { toAccountView } from './account-view';
import { User } from './entities/user.entity';
import { GoogleAccounts } from './google/google-accounts.service';
import type { GoogleIdentity } from './google/google-identity';
import { DeviceCookies, type DeviceEntry } from './device-cookies';
import { isEmailTaken, rethrowEmailTaken } from './email-conflict';
import { LoginThrottle } from './login-throttle';
import { RegistrationThrottle } from './registration-throttle';
import { UsersRepository } from './users.repository';

const WRONG_CREDENTIALS = 'Correo o contraseña incorrectos';

/**
 * What a registration sets up beside the account, in its transaction (a client's cart, a professional's catalogue
 * profile): given by the module above identity that composes the registration. A refusal rolls the account back.
 */
export type AccountSetUp<T> = (manager: EntityManager, account: SessionUser) => Promise<T>;

/** Registration and sign-in. */
@Injectable()
export class AuthService {
  private readonly logger = new Logger('Identity');
  /** A hash of a password nobody has, made at start: what a sign-in to an e-mail without an account is checked against. */
  private readonly unknownAccountHash = hash(randomBytes(32).toString('base64url'));

  constructor(
    private readonly users: UsersRepository,
    private readonly throttle: LoginThrottle,
    private readonly registrationThrottle: RegistrationThrottle,
    private readonly outbox: OutboxService,
    private readonly googleAccounts: GoogleAccounts,
    private readonly deviceCookies: DeviceCookies,
  ) {}

  /**
   * Creates the account and, in the same transaction, what `setUp` adds to it. Throttled per e-mail and per address;
   * the password is hashed before anything is known of the e-mail, so an e-mail with an account (409) costs the same
   * time as a new one, and its owner is told someone tried.
   */
  async register<T>(
    payload: Registration,
    google: GoogleIdentity | null,
    ip: string,
    setUp: AccountSetUp<T>,
  ): Promise<{ user: User; setUp: T }> {
    const email = payload.email;
    if (payload.google === true && (!google || google.email !== email)) {
      throw invalidInput(
        [{ field: 'google', message: 'Inicia sesión con Google con ese correo antes de registrarte' }],
        'google_sign_in_required',
      );
    }
    const attempt = await this.registrationThrottle.attempt(email, ip);
    const isProfessional = payload.isProfessional === true;
    // Outside the transaction: no connection is held while hashing.
    const passwordHash = payload.google === true ? null : await hash(payload.password!);

    try {
      const { user, made } = await this.outbox.transaction(async (manager) => {
        const user = this.users.create({
          type: isProfessional ? 'profesional' : 'cliente',
          firstName: payload.firstName,
          lastName: payload.lastName,
          email,
          passwordHash,
          phoneNumber: payload.phoneNumber,
          address: payload.address,
          localityId: payload.localityId ?? null,
          profileImg: payload.profileImg || (payload.google === true ? google!.picture : null),
          google: payload.google === true,
          authId: payload.google === true ? google!.sub : null,
          // Google confirmed a Google registration's e-mail; any other is proven by the link mailed below.
          emailVerifiedAt: payload.google === true ? new Date() : null,
        });
        await this.users.save(user, manager);
        const made = await setUp(manager, toAccountView(user));
        if (!user.emailVerifiedAt) await this.outbox.record(manager, 'EmailVerificationRequested', { userId: user.id });
        return { user, made };
      });
      await this.registrationThrottle.succeeded(attempt);
      return { user, setUp: made };
    } catch (error) {
      if (isEmailTaken(error)) await this.tellOwnerOfAttempt(email);
      rethrowEmailTaken(error);
    }
  }

  /** Mails the owner of the e-mail someone tried to register (once per window); the 409 is answered whatever happens here. */
  private async tellOwnerOfAttempt(email: string): Promise<void> {
    try {
      const owner = await this.users.findByEmail(email);
      if (!owner || !(await this.registrationThrottle.firstNoticeInWindow(owner.id))) return;
      await this.outbox.transaction((manager) => this.outbox.record(manager, 'RegistrationAttempted', { userId: owner.id }));
    } catch (error) {
      this.logger.warn(`Sin aviso al dueño de un correo que alguien intentó registrar: ${(error as Error).message}`);
    }
  }

  /**
   * E-mail and password (throttled per account and per address, or per device cookie for a browser that signed in to
   * the account before), or the Google identity the callback remembered. `password` says the password signed in:
   * the browser then gets its device cookie for the account.
   */
  async login(
    input: LoginInput,
    ip: string,
    google: GoogleIdentity | null,
    devices: DeviceEntry[] = [],
  ): Promise<{ user: User; password: boolean }> {
    const email = input.email;
    let user: User | null = null;
    if (input.google === true) {
      // The same rules as the popup's callback: never an administrator, never an account Google may not open.
      const outcome = google && (email === '' || email === google.email) ? await this.googleAccounts.signIn(google) : null;
      if (outcome?.status === 'signed-in') user = outcome.user;
    } else {
      const candidate = await this.users.findByEmail(email, true);
      const device = candidate ? this.deviceCookies.entryFor(devices, candidate.id) : null;
      const attempt = await this.throttle.attempt(email, ip, device?.nonce ?? null);
      // A hash is checked whether or not the e-mail has an account (and a password): both 401s take as long.
      const matches = await verify(candidate?.passwordHash ?? (await this.unknownAccountHash), input.password as string);
      if (matches && candidate?.passwordHash) user = candidate;
      if (user) await this.throttle.succeeded(attempt);
    }
    if (!user) throw unauthorized('wrong_credentials', WRONG_CREDENTIALS);
    return { user, password: input.google !== true };
  }
}
