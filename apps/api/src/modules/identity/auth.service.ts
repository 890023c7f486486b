import { Injectable, UnauthorizedException } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import { contactOf, validateRegistration, type RegistrationPayload, type SessionAnswer } from '@oficios/domain';
import { PublicAssetUrls } from '../../common/assets/public-asset-urls';
import { badRequest } from '../../common/id.pipe';
import { CartService } from '../cart';
import { ProfessionalsService, type ProfessionalProfile } from '../catalog';
import { OutboxService } from '../outbox';
import { User } from './entities/user.entity';
import { GoogleAccounts } from './google/google-accounts.service';
import type { GoogleIdentity } from './google/google-identity';
import { rethrowEmailTaken } from './email-conflict';
import { toSessionAnswer, type AccountExtras } from './session-answer';
import { LoginThrottle } from './login-throttle';
import { UsersRepository } from './users.repository';

const WRONG_CREDENTIALS = 'Correo o contraseña incorrectos';

export interface LoginInput {
  email?: unknown;
  password?: unknown;
  google?: unknown;
}

/** Registration, sign-in and the signed-in user's own view. */
@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly throttle: LoginThrottle,
    private readonly professionals: ProfessionalsService,
    private readonly carts: CartService,
    private readonly outbox: OutboxService,
    private readonly googleAccounts: GoogleAccounts,
    private readonly assets: PublicAssetUrls,
  ) {}

  /** Creates the account (a client with its cart; a professional with its professions) and answers as a login. */
  async register(body: unknown, google: GoogleIdentity | null): Promise<{ user: User; answer: SessionAnswer }> {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw badRequest([{ field: 'body', message: 'Se esperaba un objeto JSON' }]);
    // Our own picture comes back absolute (as answers carry it): it is stored as its path.
    const payload = {
      ...body,
      profileImg: this.assets.stored((body as Partial<RegistrationPayload>).profileImg),
    } as Partial<RegistrationPayload>;
    const errors = validateRegistration(payload);
    if (errors.length > 0) throw badRequest(errors);
    const email = payload.email!.trim().toLowerCase();
    if (payload.google === true && (!google || google.email !== email)) {
      throw badRequest([{ field: 'google', message: 'Inicia sesión con Google con ese correo antes de registrarte' }]);
    }
    const isProfessional = payload.isProfessional === true;

    try {
      const { user, extras } = await this.outbox.transaction(async (manager) => {
        const user = this.users.create({
          type: isProfessional ? 'profesional' : 'cliente',
          firstName: payload.firstName!.trim(),
          lastName: payload.lastName!.trim(),
          email,
          passwordHash: payload.google === true ? null : await hash(payload.password!),
          phoneNumber: payload.phoneNumber!.trim(),
          address: payload.address!.trim(),
          profileImg: payload.profileImg || (payload.google === true ? google!.picture : null),
          google: payload.google === true,
          authId: payload.google === true ? google!.sub : null,
          // Google confirmed a Google registration's e-mail; any other is proven by the link mailed below.
          emailVerifiedAt: payload.google === true ? new Date() : null,
        });
        await this.users.save(user, manager);
        // The professional's public profile is the catalogue's; a client gets its cart.
        const extras: AccountExtras = isProfessional
          ? {
              cartId: null,
              profile: await this.professionals.register(manager, {
                id: user.id,
                ...contactOf(user),
                aboutMe: (payload.aboutMe ?? '').trim(),
                professions: payload.professions!,
              }),
            }
          : { cartId: await this.carts.createFor(manager, user.id), profile: null };
        if (!user.emailVerifiedAt) await this.outbox.record(manager, 'EmailVerificationRequested', { userId: user.id });
        return { user, extras };
      });
      return { user, answer: toSessionAnswer(user, extras, 'registrado') };
    } catch (error) {
      rethrowEmailTaken(error);
    }
  }

  /** E-mail and password (throttled per account and per address), or the Google identity the callback remembered. */
  async login(input: LoginInput, ip: string, google: GoogleIdentity | null): Promise<{ user: User; answer: SessionAnswer }> {
    const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
    if (input.google !== true && (email === '' || typeof input.password !== 'string' || input.password === '')) {
      throw badRequest([
        ...(email === '' ? [{ field: 'email', message: 'El correo es obligatorio' }] : []),
        ...(typeof input.password !== 'string' || input.password === ''
          ? [{ field: 'password', message: 'El password es obligatorio' }]
          : []),
      ]);
    }
    let user: User | null = null;
    if (input.google === true) {
      // The same rules as the popup's callback: never an administrator, never an account Google may not open.
      const outcome = google && (email === '' || email === google.email) ? await this.googleAccounts.signIn(google) : null;
      if (outcome?.status === 'signed-in') user = outcome.user;
    } else {
      const attempt = await this.throttle.attempt(email, ip);
      const candidate = await this.users.findByEmail(email, true);
      if (candidate?.passwordHash && (await verify(candidate.passwordHash, input.password as string))) user = candidate;
      if (user) await this.throttle.succeeded(attempt);
    }
    if (!user) throw new UnauthorizedException({ statusCode: 401, error: 'Unauthorized', message: WRONG_CREDENTIALS });
    return { user, answer: await this.sessionAnswer(user) };
  }

  /** `{msg, dataValues, cart}` for a signed-in user. */
  async sessionAnswer(user: User): Promise<SessionAnswer> {
    return toSessionAnswer(user, await this.extrasOf(user), 'logeado');
  }

  /** The client's cart and the professional's catalogue profile, for its account answers. */
  async extrasOf(user: User): Promise<AccountExtras> {
    const [cartId, profile] = await Promise.all([
      user.type === 'cliente' ? this.carts.idOf(user.id) : null,
      user.type === 'profesional' ? this.professionals.profileOf(user.id) : null,
    ]);
    return { cartId, profile: profile as ProfessionalProfile | null };
  }
}
