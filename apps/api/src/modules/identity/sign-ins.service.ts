import { Injectable } from '@nestjs/common';
import type { LoginInput, Registration, SessionUser } from '@oficios/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toAccountView } from './account-view';
import { AuthService, type AccountSetUp } from './auth.service';
import { DeviceCookies } from './device-cookies';
import { GOOGLE_IDENTITY_COOKIE, type GoogleIdentity } from './google/google-identity';
import { SessionService } from './sessions/session.service';

/**
 * Registering and signing in over HTTP: the Google identity the popup remembered, the session, the device cookie.
 * What the answer holds beyond the account is the caller's (the module that composes these flows above identity).
 */
@Injectable()
export class SignIns {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    private readonly deviceCookies: DeviceCookies,
  ) {}

  /** Creates the account with what `setUp` adds to it in the same transaction, then starts its session. */
  async register<T>(
    body: Registration,
    req: FastifyRequest,
    res: FastifyReply,
    setUp: AccountSetUp<T>,
  ): Promise<{ account: SessionUser; setUp: T }> {
    const { user, setUp: made } = await this.auth.register(body, this.googleIdentity(req), req.ip ?? 'unknown', setUp);
    this.sessions.clearShortCookie(res, GOOGLE_IDENTITY_COOKIE);
    await this.sessions.start(res, user);
    return { account: toAccountView(user), setUp: made };
  }

  /**
   * Signs in (password or the remembered Google identity) and answers with `answerFor`, made before the session
   * starts; a password sign-in also gets the browser's device cookie for the account.
   */
  async login<A>(body: LoginInput, req: FastifyRequest, res: FastifyReply, answerFor: (account: SessionUser) => Promise<A>): Promise<A> {
    const devices = this.deviceCookies.read(req);
    const { user, password } = await this.auth.login(body, req.ip ?? 'unknown', this.googleIdentity(req), devices);
    const answer = await answerFor(toAccountView(user));
    await this.sessions.start(res, user);
    if (password) this.deviceCookies.remember(res, devices, user.id);
    return answer;
  }

  private googleIdentity(req: FastifyRequest): GoogleIdentity | null {
    return this.sessions.verifyShortLived<GoogleIdentity>(req.cookies[GOOGLE_IDENTITY_COOKIE]);
  }
}
