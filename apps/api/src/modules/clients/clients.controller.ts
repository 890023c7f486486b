import { Body, Controller, Get, Ip, Param, Put } from '@nestjs/common';
import { ApiBody, ApiForbiddenResponse, ApiNotFoundResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { IdPipe } from '../../common/id.pipe';
import { ClientsService } from './clients.service';

@ApiTags('clients')
@Controller()
export class ClientsController {
  constructor(private readonly clients: ClientsService) {}

  @Get('api/clients/:id')
  @Access('cliente', 'administrador')
  @ApiUnauthorizedResponse()
  @ApiForbiddenResponse({ description: 'another client' })
  @ApiNotFoundResponse()
  get(@CurrentUser() actor: SessionUserClaims, @Param('id', new IdPipe()) id: number) {
    return this.clients.get(actor, id);
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
    return this.clients.update(actor, id, body, ip);
  }

  @Get('home/clients')
  @Access('administrador')
  list() {
    return this.clients.list();
  }
}
