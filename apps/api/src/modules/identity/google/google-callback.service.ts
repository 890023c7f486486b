import { Inject, Injectable } from '@nestjs/common';
import type { SessionAnswer, SessionUser } from '@oficios/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PublicAssetUrls } from '../../../common/assets/public-asset-urls';
import { HTML_CONTENT_TYPE } from '../../../common/http/html';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { toAccountView } from '../account-view';
import { SessionService } from '../sessions/session.service';
import { GoogleAccounts } from './google-accounts.service';
import { GOOGLE_IDENTITY_COOKIE, GOOGLE_IDENTITY_MINUTES, GOOGLE_STATE_COOKIE } from './google-identity';
import { GoogleOAuthService } from './google-oauth.service';
import { popupPage } from './popup-page';

/**
 * Google's callback: checks the popup's state, asks Google who signed in and tells the opener how it went (signed in,
 * refused, or a new person to register). The signed-in answer is the caller's (`answerFor`), made once the session
 * has started.
 */
@Injectable()
export class GoogleCallback {
  constructor(
    private readonly oauth: GoogleOAuthService,
    private readonly googleAccounts: GoogleAccounts,
    private readonly sessions: SessionService,
    private readonly assets: PublicAssetUrls,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async answer(
    state: unknown,
    req: FastifyRequest,
    res: FastifyReply,
    answerFor: (account: SessionUser) => Promise<SessionAnswer>,
  ): Promise<void> {
    const saved = this.sessions.verifyShortLived<{ state: string; origin: string }>(req.cookies[GOOGLE_STATE_COOKIE]);
    this.sessions.clearShortCookie(res, GOOGLE_STATE_COOKIE);
    const origin = saved?.origin ?? this.config.webOrigins[0];
    const reply = (message: Record<string, unknown>) =>
      res.type(HTML_CONTENT_TYPE).send(popupPage({ type: 'oficios:google', ...message }, origin, (value) => this.assets.json(value)));

    if (!saved || typeof state !== 'string' || saved.state !== state) {
      return void reply({ status: 'error', message: 'La sesión con Google expiró o no es válida. Intenta de nuevo.' });
    }
    let identity;
    try {
      identity = await this.oauth.identityFromCallback(req, res);
    } catch {
      return void reply({ status: 'error', message: 'Google no respondió. Intenta de nuevo.' });
    }
    if (!identity) return void reply({ status: 'error', message: 'Google no confirmó tu correo.' });

    const outcome = await this.googleAccounts.signIn(identity);
    if (outcome.status === 'refused') return void reply({ status: 'error', message: outcome.message });
    if (outcome.status === 'signed-in') {
      await this.sessions.start(res, outcome.user);
      return void reply({ status: 'signed-in', session: await answerFor(toAccountView(outcome.user)) });
    }
    this.sessions.shortCookie(
      res,
      GOOGLE_IDENTITY_COOKIE,
      this.sessions.signShortLived({ ...identity }, GOOGLE_IDENTITY_MINUTES),
      GOOGLE_IDENTITY_MINUTES,
    );
    reply({
      status: 'needs-registration',
      profile: { email: identity.email, firstName: identity.firstName, lastName: identity.lastName, picture: identity.picture },
    });
  }
}
