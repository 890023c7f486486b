import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { SessionService } from './sessions/session.service';
import { ForgotPasswordDto, ResetPasswordDto, VerifyEmailDto } from './dto/identity.dto';
import { EmailVerificationService } from './email-verification.service';
import { PasswordResetService } from './password-reset.service';

/** The account's links and sessions: signing out, the mailed links (password reset, e-mail verification). */
@ApiTags('identity')
@Controller('home/user')
export class AuthController {
  constructor(
    private readonly passwordReset: PasswordResetService,
    private readonly emailVerification: EmailVerificationService,
    private readonly sessions: SessionService,
  ) {}

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
