import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../common/auth/access.decorator';
import { SignInService } from './sign-in.service';

/** Google's callback (its start is identity's): tells the popup's opener how it went, signed in with the account's answer. */
@ApiTags('identity')
@Controller('home/auth/google')
export class GoogleCallbackController {
  constructor(private readonly signIn: SignInService) {}

  @Get('callback')
  @Access('public')
  @ApiExcludeEndpoint()
  callback(@Query('state') state: unknown, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    return this.signIn.googleCallback(state, req, res);
  }
}
