import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { SessionService } from './sessions/session.service';
import { AuthService } from './auth.service';
import { ForgotPasswordDto, LoginDto, RegistrationDto, ResetPasswordDto, VerifyEmailDto } from './dto/identity.dto';
import { DeviceCookies } from './device-cookies';
import { EmailVerificationService } from './email-verification.service';
import { GOOGLE_IDENTITY_COOKIE, type GoogleIdentity } from './google/google-identity';
import { PasswordResetService } from './password-reset.service';

@ApiTags('identity')
@Controller('home/user')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly passwordReset: PasswordResetService,
    private readonly emailVerification: EmailVerificationService,
    private readonly sessions: SessionService,
    private readonly deviceCookies: DeviceCookies,
  ) {}

  private googleIdentity(req: FastifyRequest): GoogleIdentity | null {
    return this.sessions.verifyShortLived<GoogleIdentity>(req.cookies[GOOGLE_IDENTITY_COOKIE]);
  }

  @Post('register')
  @Access('public')
  @ApiOperation({ summary: 'Registers a client (isClient) or a professional (isProfessional) and signs them in' })
  @ApiConflictResponse({ description: 'e-mail already registered (its owner is mailed that someone tried, once per window)' })
  @ApiTooManyRequestsResponse({ description: 'too many attempts for the e-mail or from the address (Retry-After)' })
  async register(@Body() body: RegistrationDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply) {
    const { user, answer } = await this.auth.register(body, this.googleIdentity(req), req.ip ?? 'unknown');
    this.sessions.clearShortCookie(res, GOOGLE_IDENTITY_COOKIE);
    await this.sessions.start(res, user);
    return answer;
  }

  @Post('login')
  @Access('public')
  @HttpCode(200)
  @ApiOkResponse({
    description: '{msg: "<type> logeado", dataValues, cart}; with a password, the browser\'s device cookie for the account',
  })
  @ApiUnauthorizedResponse()
  @ApiTooManyRequestsResponse()
  async login(@Body() body: LoginDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply) {
    const devices = this.deviceCookies.read(req);
    const { user, answer, password } = await this.auth.login(body, req.ip ?? 'unknown', this.googleIdentity(req), devices);
    await this.sessions.start(res, user);
    if (password) this.deviceCookies.remember(res, devices, user.id);
    return answer;
  }

  @Post('logout')
  @Access('public')
  @HttpCode(204)
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<void> {
    await this.sessions.end(req, res);
  }

  @Post('logout/all')
  @Access('cliente', 'profesional', 'administrador')
  @HttpCode(204)
  @ApiOperation({ summary: '"Cerrar sesión en todos los dispositivos": ends every session of the user, this one included' })
  async logoutEverywhere(@CurrentUser() user: SessionUserClaims, @Res({ passthrough: true }) res: FastifyReply): Promise<void> {
    await this.sessions.endEverywhere(user.id, res);
  }

  @Post('password/forgot')
  @Access('public')
  @HttpCode(202)
  forgotPassword(@Body() body: ForgotPasswordDto) {
    return this.passwordReset.request(body.email);
  }

  @Post('email/verify')
  @Access('public')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirms the e-mail with the token of the link mailed at registration or after a change' })
  verifyEmail(@Body() body: VerifyEmailDto) {
    return this.emailVerification.confirm(body.token);
  }

  @Post('email/verification')
  @Access('cliente', 'profesional', 'administrador')
  @HttpCode(202)
  @ApiOperation({ summary: 'Mails the signed-in user a new link to verify their e-mail' })
  resendVerification(@CurrentUser() user: SessionUserClaims) {
    return this.emailVerification.resend(user.id);
  }

  @Post('password/reset')
  @Access('public')
  @HttpCode(200)
  resetPassword(@Body() body: ResetPasswordDto) {
    return this.passwordReset.reset(body.token, body.password);
  }
}
