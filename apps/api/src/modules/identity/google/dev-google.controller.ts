import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  NotFoundException,
  Post,
  Query,
  Res,
  HttpException,
  HttpStatus,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { Access, SkipXsrf } from '../../../common/auth/access.decorator';
import { HTML_CONTENT_TYPE } from '../../../common/http/html';
import { REDIS } from '../../../common/redis.token';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { DEMO_GOOGLE_DOMAIN } from '../../../config/demo';
import { GOOGLE_CALLBACK_PATH } from './google-oauth.service';

interface StandInAccount {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
  email_verified: boolean;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const STAND_IN_DOMAIN_ONLY = `El Google simulado de la demo sólo acepta correos @${DEMO_GOOGLE_DOMAIN}`;

/** The stand-in's account chooser (again with `error` when the typed account was refused). */
function consentPage(fields: Record<string, string>, error?: string): string {
  const hidden = ['redirect_uri', 'state']
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(fields[name] ?? '')}">`)
    .join('');
  const value = (name: string) => escapeHtml(fields[name] ?? '');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Google (simulado)</title>
<style>body{font-family:sans-serif;max-width:420px;margin:40px auto}label{display:block;margin:12px 0 4px}input{width:100%;padding:8px}button{margin-top:16px;padding:10px 16px}.error{color:#a8071a}</style></head>
<body><h1>Acceder con Google</h1><p>Servidor de prueba local: elige la cuenta con la que entrar. Sólo correos <strong>@${DEMO_GOOGLE_DOMAIN}</strong>.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="authorize">${hidden}
<label for="email">Correo</label><input id="email" name="email" type="email" required placeholder="nombre@${DEMO_GOOGLE_DOMAIN}" value="${value('email')}">
<label for="given_name">Nombre</label><input id="given_name" name="given_name" required value="${value('given_name')}">
<label for="family_name">Apellido</label><input id="family_name" name="family_name" required value="${value('family_name')}">
<button type="submit">Continuar</button></form></body></html>`;
}

/**
 * Local stand-in for Google's OAuth2/OpenID endpoints (authorize, token, userinfo), only with GOOGLE_STAND_IN (or
 * DEMO_MODE) and no GOOGLE_CLIENT_ID: local runs and tests sign in "with Google" without reaching Google. It serves
 * only addresses of the reserved demo domain, and the sign-in never links what it says to an existing account.
 */
/**
 * Google's own refusal (RFC 6749 5.2): `{error, error_description}`, which the OAuth client reads; the API's error
 * shape is added around it like for any refusal.
 */
function oauthError(status: HttpStatus, error: string, description: string): HttpException {
  return new HttpException({ error, error_description: description, code: error, message: description }, status);
}

@ApiExcludeController()
@Controller('dev/google')
export class DevGoogleController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  private ensureStandIn(): void {
    if (!this.config.google.standIn) throw new NotFoundException();
  }

  private checkRedirect(redirectUri: unknown): string {
    const expected = `${this.config.publicApiUrl}${GOOGLE_CALLBACK_PATH}`;
    if (redirectUri !== expected) throw oauthError(HttpStatus.BAD_REQUEST, 'redirect_uri_mismatch', 'redirect_uri no registrado');
    return expected;
  }

  @Get('authorize')
  @Access('public')
  authorizePage(@Query() query: Record<string, string>, @Res() res: FastifyReply): void {
    this.ensureStandIn();
    this.checkRedirect(query.redirect_uri);
    if (query.client_id !== this.config.google.clientId)
      throw oauthError(HttpStatus.BAD_REQUEST, 'invalid_client', 'client_id desconocido');
    res.type(HTML_CONTENT_TYPE).send(consentPage(query));
  }

  @Post('authorize')
  @Access('public')
  @SkipXsrf()
  async authorize(@Body() body: Record<string, string>, @Res() res: FastifyReply): Promise<void> {
    this.ensureStandIn();
    const redirect = this.checkRedirect(body.redirect_uri);
    const email = (body.email ?? '').trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      res.code(400).type(HTML_CONTENT_TYPE).send(consentPage(body, 'Correo no valido'));
      return;
    }
    // Only the reserved demo domain: typing somebody's real address here must not stand for their Google account.
    if (!email.endsWith(`@${DEMO_GOOGLE_DOMAIN}`)) {
      res.code(400).type(HTML_CONTENT_TYPE).send(consentPage(body, STAND_IN_DOMAIN_ONLY));
      return;
    }
    const account: StandInAccount = {
      sub: `local-${Buffer.from(email).toString('hex').slice(0, 40)}`,
      email,
      given_name: (body.given_name ?? '').trim(),
      family_name: (body.family_name ?? '').trim(),
      email_verified: true,
    };
    const code = randomBytes(16).toString('base64url');
    await this.redis.set(`dev-google:code:${code}`, JSON.stringify(account), 'EX', 300);
    res.redirect(`${redirect}?code=${encodeURIComponent(code)}&state=${encodeURIComponent(body.state ?? '')}`, 302);
  }

  @Post('token')
  @Access('public')
  @SkipXsrf()
  @HttpCode(200)
  async token(@Body() body: Record<string, string>): Promise<Record<string, unknown>> {
    this.ensureStandIn();
    if (body.client_id !== this.config.google.clientId || body.client_secret !== this.config.google.clientSecret) {
      throw oauthError(HttpStatus.UNAUTHORIZED, 'invalid_client', 'client_id o client_secret desconocidos');
    }
    this.checkRedirect(body.redirect_uri);
    // Codes are single-use.
    const account = await this.redis.getdel(`dev-google:code:${body.code ?? ''}`);
    if (!account) throw oauthError(HttpStatus.BAD_REQUEST, 'invalid_grant', 'El código no existe o ya se usó');
    const accessToken = randomBytes(24).toString('base64url');
    await this.redis.set(`dev-google:token:${accessToken}`, account, 'EX', 300);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: 300, scope: 'openid email profile' };
  }

  @Get('userinfo')
  @Access('public')
  async userinfo(
    @Headers('authorization') authorization: string | undefined,
    @Query('access_token') queryToken: unknown,
  ): Promise<Record<string, unknown>> {
    this.ensureStandIn();
    // Bearer header, or the access_token parameter that passport's OAuth2 client sends.
    const token = authorization?.replace(/^Bearer /i, '') ?? (typeof queryToken === 'string' ? queryToken : '');
    const account = await this.redis.get(`dev-google:token:${token}`);
    if (!account) throw oauthError(HttpStatus.UNAUTHORIZED, 'invalid_token', 'El token no existe o expiró');
    const parsed = JSON.parse(account) as StandInAccount;
    return { ...parsed, name: `${parsed.given_name} ${parsed.family_name}`.trim(), picture: null };
  }
}
