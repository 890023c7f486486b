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
import { Access } from '../../common/auth/access.decorator';
import { LoginDto, RegistrationDto } from '../identity';
import { SignInService } from './sign-in.service';

/** Registration and password or Google sign-in (`/home/user/...`), answered with the account's cart or profile. */
@ApiTags('identity')
@Controller('home/user')
export class SignInController {
  constructor(private readonly signIn: SignInService) {}

  @Post('register')
  @Access('public')
  @ApiOperation({ summary: 'Registers a client (isClient) or a professional (isProfessional) and signs them in' })
  @ApiConflictResponse({ description: 'e-mail already registered (its owner is mailed that someone tried, once per window)' })
  @ApiTooManyRequestsResponse({ description: 'too many attempts for the e-mail or from the address (Retry-After)' })
  register(@Body() body: RegistrationDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply) {
    return this.signIn.register(body, req, res);
  }

  @Post('login')
  @Access('public')
  @HttpCode(200)
  @ApiOkResponse({
    description: '{msg: "<type> logeado", dataValues, cart}; with a password, the browser\'s device cookie for the account',
  })
  @ApiUnauthorizedResponse()
  @ApiTooManyRequestsResponse()
  login(@Body() body: LoginDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply) {
    return this.signIn.login(body, req, res);
  }
}
