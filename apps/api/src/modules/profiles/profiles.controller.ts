import { Body, Controller, Get, Ip, Param, Put } from '@nestjs/common';
import { ApiBody, ApiForbiddenResponse, ApiNotFoundResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { IdPipe } from '../../common/id.pipe';
import { ProfilesService } from './profiles.service';

@ApiTags('profiles')
@Controller()
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Get('home/user/me')
  @Access('cliente', 'profesional', 'administrador')
  @ApiOperation({ summary: 'The signed-in user, with the data of their profile screen' })
  me(@CurrentUser() user: SessionUserClaims) {
    return this.profiles.me(user.id);
  }

  @Get('api/clients/:id')
  @Access('cliente', 'administrador')
  @ApiUnauthorizedResponse()
  @ApiForbiddenResponse({ description: 'another client' })
  @ApiNotFoundResponse()
  get(@CurrentUser() actor: SessionUserClaims, @Param('id', new IdPipe()) id: number) {
    return this.profiles.client(actor, id);
  }

  @Put('api/clients/:id')
  @Access('cliente', 'administrador')
  @ApiBody({
    description: 'A new email or password needs currentPassword (the caller’s own)',
    schema: {
      type: 'object',
      properties: { firstName: {}, lastName: {}, email: {}, phoneNumber: {}, address: {}, password: {}, currentPassword: {} },
    },
  })
  update(@CurrentUser() actor: SessionUserClaims, @Param('id', new IdPipe()) id: number, @Body() body: unknown, @Ip() ip: string) {
    return this.profiles.updateClient(actor, id, body, ip);
  }

  @Get('home/clients')
  @Access('administrador')
  list() {
    return this.profiles.listClients();
  }
}
