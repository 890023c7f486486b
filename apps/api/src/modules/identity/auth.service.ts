import { Injectable, UnauthorizedException } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import {
  NEW_PROFESSIONAL_DAY_PRICE,
  NEW_PROFESSIONAL_DAYS,
  PROFILE_REVIEWS_SHOWN,
  professionKey,
  validateRegistration,
  type RegistrationPayload,
  type SessionAnswer,
} from '@oficios/domain';

import { badRequest } from '../../common/id.pipe';
import { Cart } from '../cart/entities/cart.entity';
import { CatalogService } from '../catalog/catalog.service';
import { OutboxService } from '../outbox/outbox.service';
import { ReviewsService } from '../reviews/reviews.service';
import { Profession } from '../catalog/entities/profession.entity';
import { User } from './entities/user.entity';
import { GoogleAccounts } from './google/google-accounts.service';
import type { GoogleIdentity } from './google/google-identity';
import { rethrowEmailTaken } from './email-conflict';
import { toSessionAnswer } from './session-answer';
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
    private readonly catalog: CatalogService,
    private readonly reviews: ReviewsService,
    private readonly outbox: OutboxService,
    private readonly googleAccounts: GoogleAccounts,
  ) {}

  /** Creates the account (a client with its cart; a professional with its professions) and answers as a login. */
  async register(body: unknown, google: GoogleIdentity | null): Promise<{ user: User; answer: SessionAnswer }> {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw badRequest([{ field: 'body', message: 'Se esperaba un objeto JSON' }]);
    const payload = body as Partial<RegistrationPayload>;
    const errors = validateRegistration(payload);
    if (errors.length > 0) throw badRequest(errors);
    const email = payload.email!.trim().toLowerCase();
    if (payload.google === true && (!google || google.email !== email)) {
      throw badRequest([{ field: 'google', message: 'Inicia sesión con Google con ese correo antes de registrarte' }]);
    }
    const isProfessional = payload.isProfessional === true;
    const wanted = isProfessional ? [...new Set(payload.professions!.map(professionKey).filter(Boolean))] : [];

    try {
      const user = await this.users.transaction(async (manager) => {
        const professions = wanted.length
          ? await manager
              .getRepository(Profession)
              .createQueryBuilder('p')
              .where('lower(p.name) IN (:...names)', { names: wanted })
              .getMany()
          : [];
        const unknown = wanted.filter((name) => !professions.some((p) => professionKey(p.name) === name));
        if (unknown.length > 0) throw badRequest([{ field: 'professions', message: `Profesion desconocida: ${unknown.join(', ')}` }]);

        const user = manager.getRepository(User).create({
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
          aboutMe: isProfessional ? (payload.aboutMe ?? '').trim() : null,
          dayPrice: isProfessional ? NEW_PROFESSIONAL_DAY_PRICE : null,
          availableDays: isProfessional ? [...NEW_PROFESSIONAL_DAYS] : null,
          professions,
        });
        await manager.getRepository(User).save(user);
        if (!isProfessional) await manager.getRepository(Cart).save(manager.getRepository(Cart).create({ clientId: user.id }));
        // Other API processes drop their cached catalogue through the event; this one at once.
        if (isProfessional) await this.outbox.record(manager, 'ProfessionalUpdated', { professionalId: user.id });
        if (!user.emailVerifiedAt) await this.outbox.record(manager, 'EmailVerificationRequested', { userId: user.id });
        return user;
      });
      if (isProfessional) this.catalog.invalidate();
      this.outbox.wake();
      const cartId = isProfessional ? null : await this.users.cartIdOf(user.id);
      return { user, answer: toSessionAnswer(user, cartId, 'registrado') };
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

  /** `{msg, dataValues, cart}` for a user who just signed in. */
  async sessionAnswer(user: User): Promise<SessionAnswer> {
    const cartId = user.type === 'cliente' ? await this.users.cartIdOf(user.id) : null;
    return toSessionAnswer(user, cartId, 'logeado');
  }

  /** `GET /home/user/me`: the session answer plus what the profile screens show. */
  async me(userId: number): Promise<SessionAnswer & { profile: Record<string, unknown> }> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedException({ statusCode: 401, error: 'Unauthorized', message: 'La sesión ya no es válida' });
    const cartId = user.type === 'cliente' ? await this.users.cartIdOf(user.id) : null;
    const answer = toSessionAnswer(user, cartId, 'logeado');
    if (user.type === 'cliente') return { ...answer, profile: { shoppingHistory: await this.users.shoppingHistory(user.id) } };
    if (user.type === 'profesional') {
      const [reviews, jobs] = await Promise.all([this.reviews.latestOf(user.id, PROFILE_REVIEWS_SHOWN), this.users.jobsOf(user.id)]);
      return { ...answer, profile: { reviews, jobs } };
    }
    return { ...answer, profile: {} };
  }
}
