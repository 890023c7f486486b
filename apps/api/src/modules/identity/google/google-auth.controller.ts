import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { PublicAssetUrls } from '../../../common/assets/public-asset-urls';
import { HTML_CONTENT_TYPE } from '../../../common/http/html';
import { Access } from '../../../common/auth/access.decorator';
import { SessionService } from '../sessions/session.service';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { AuthService } from '../auth.service';
import { GoogleAccounts } from './google-accounts.service';
import { GOOGLE_IDENTITY_COOKIE, GOOGLE_IDENTITY_MINUTES, GOOGLE_STATE_COOKIE } from './google-identity';
import { GoogleOAuthService } from './google-oauth.service';
import { popupPage } from './popup-page';

/** Google sign-in in a popup: start, then the callback that tells the opener how it went. */
@ApiTags('identity')
@Controller('home/auth/google')
export class GoogleAuthController {
  constructor(
    private readonly oauth: GoogleOAuthService,
    private readonly auth: AuthService,
    private readonly googleAccounts: GoogleAccounts,
    private readonly sessions: SessionService,
    private readonly assets: PublicAssetUrls,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Access('public')
  @ApiOperation({ summary: 'Opens Google sign-in (in a popup); ?origin= is the SPA origin to report back to' })
  async start(@Query('origin') origin: unknown, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const target = typeof origin === 'string' && this.config.webOrigins.includes(origin) ? origin : this.config.webOrigins[0];
    if (!this.config.google.enabled) {
      res
        .type(HTML_CONTENT_TYPE)
        .send(
          popupPage({ type: 'oficios:google', status: 'error', message: 'El inicio de sesión con Google no está disponible.' }, target),
        );
      return;
    }
    const state = randomBytes(16).toString('base64url');
    this.sessions.shortCookie(res, GOOGLE_STATE_COOKIE, this.sessions.signShortLived({ state, origin: target }, 10), 10);
    await this.oauth.redirectToProvider(req, res, state);
  }

  @Get('callback')
  @Access('public')
  @ApiExcludeEndpoint()
  async callback(@Query('state') state: unknown, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
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
      return void reply({ status: 'signed-in', session: await this.auth.sessionAnswer(outcome.user) });
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
