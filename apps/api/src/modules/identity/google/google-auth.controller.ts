import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { HTML_CONTENT_TYPE } from '../../../common/http/html';
import { Access } from '../../../common/auth/access.decorator';
import { SessionService } from '../sessions/session.service';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { GOOGLE_STATE_COOKIE } from './google-identity';
import { GoogleOAuthService } from './google-oauth.service';
import { popupPage } from './popup-page';

/** Google sign-in in a popup: its start (the callback, whose answer holds more than the account, is composed above identity). */
@ApiTags('identity')
@Controller('home/auth/google')
export class GoogleAuthController {
  constructor(
    private readonly oauth: GoogleOAuthService,
    private readonly sessions: SessionService,
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
}
