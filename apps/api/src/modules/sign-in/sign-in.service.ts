import { Injectable } from '@nestjs/common';
import { contactOf, type LoginInput, type Registration, type SessionAnswer, type SessionUser } from '@oficios/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EntityManager } from 'typeorm';
import { CartService } from '../cart';
import { ProfessionalsService } from '../catalog';
import { GoogleCallback, SignIns } from '../identity';
import { LocalitiesService } from '../localities';
import { AccountAnswers, refuseUnknownLocality, toSessionAnswer, type AccountExtras } from './account-answers.service';

/**
 * Registration and sign-in as the product answers them: identity's flows (SignIns, GoogleCallback), with the client's
 * cart and the professional's catalogue profile created in the account's transaction and shown in its answers.
 */
@Injectable()
export class SignInService {
  constructor(
    private readonly signIns: SignIns,
    private readonly google: GoogleCallback,
    private readonly answers: AccountAnswers,
    private readonly professionals: ProfessionalsService,
    private readonly carts: CartService,
    private readonly localities: LocalitiesService,
  ) {}

  /** A client with its cart, or a professional with its catalogue profile (its professions): one transaction. */
  async register(body: Registration, req: FastifyRequest, res: FastifyReply): Promise<SessionAnswer> {
    await refuseUnknownLocality(this.localities, body.localityId);
    const { account, setUp } = await this.signIns.register(body, req, res, (manager, created) => this.setUp(manager, created, body));
    return toSessionAnswer(account, setUp, 'registrado');
  }

  login(body: LoginInput, req: FastifyRequest, res: FastifyReply): Promise<SessionAnswer> {
    return this.signIns.login(body, req, res, (account) => this.answers.sessionAnswer(account));
  }

  googleCallback(state: unknown, req: FastifyRequest, res: FastifyReply): Promise<void> {
    return this.google.answer(state, req, res, (account) => this.answers.sessionAnswer(account));
  }

  /** The professional's public profile is the catalogue's; a client gets its cart. */
  private async setUp(manager: EntityManager, account: SessionUser, body: Registration): Promise<AccountExtras> {
    const locality = await this.answers.localityOf(account);
    if (account.type !== 'profesional') return { cartId: await this.carts.createFor(manager, account.id), profile: null, locality };
    const profile = await this.professionals.register(manager, {
      id: account.id,
      ...contactOf(account),
      aboutMe: body.aboutMe ?? '',
      professions: body.professions!,
      // Both required of professionals by the registration's rule (in cents once parsed).
      dayPriceCents: body.dayPrice!,
      availableDays: body.availableDays!,
      serviceArea: body.serviceArea ?? null,
    });
    return { cartId: null, profile, locality };
  }
}
