import { Body, Controller, Get, Header, Ip, Param, Patch, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { idParam } from '../../common/validation/validation.pipe';
import { ProfessionalDetailSchema } from '../catalog';
import { ClientUpdateDto } from '../identity';
import { BusinessChangesDto } from './dto/professional-business.dto';
import { ProfessionalBusinessService } from './professional-business.service';
import { ProfessionalContactSchema } from './profiles.schemas';
import { ProfilesService } from './profiles.service';

@ApiTags('profiles')
@Controller()
export class ProfilesController {
  constructor(
    private readonly profiles: ProfilesService,
    private readonly business: ProfessionalBusinessService,
  ) {}

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
  get(@CurrentUser() actor: SessionUserClaims, @Param('id', idParam()) id: number) {
    return this.profiles.client(actor, id);
  }

  @Put('api/clients/:id')
  @Access('cliente', 'administrador')
  @ApiOperation({
    summary: 'Edits a client; blank fields keep their value; a new email or password needs currentPassword (the caller’s own)',
  })
  update(@CurrentUser() actor: SessionUserClaims, @Param('id', idParam()) id: number, @Body() body: ClientUpdateDto, @Ip() ip: string) {
    return this.profiles.updateClient(actor, id, body, ip);
  }

  @Patch('api/professionals/me')
  @Access('profesional')
  @ApiOperation({
    summary:
      '"Mi negocio" and "Zona de trabajo": the signed-in professional changes their dayPrice, availableDays, professions, aboutMe, profileImg or serviceArea',
    description:
      'Only the fields sent change; serviceArea null removes the area. Answers the public detail as clients see it; bookings already made keep their price, dates and place.',
  })
  @ApiOkResponse({ type: ProfessionalDetailSchema })
  @ApiBadRequestResponse({
    description:
      'names each bad field (unknown_profession for a profession that does not exist, unknown_locality for an unknown locality id)',
  })
  @ApiUnauthorizedResponse()
  @ApiForbiddenResponse({ description: 'not a professional' })
  updateBusiness(@CurrentUser() actor: SessionUserClaims, @Body() body: BusinessChangesDto) {
    return this.business.update(actor.id, body);
  }

  @Get('api/professionals/:id/contact')
  @Access('cliente', 'profesional', 'administrador')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary: "A professional's e-mail, phone and address: for itself, administrators and clients with a paid booking with it",
  })
  @ApiOkResponse({ type: ProfessionalContactSchema })
  @ApiUnauthorizedResponse()
  @ApiForbiddenResponse({ description: 'contact_hidden: no paid booking with the professional' })
  @ApiNotFoundResponse()
  professionalContact(@CurrentUser() actor: SessionUserClaims, @Param('id', idParam()) id: number) {
    return this.profiles.professionalContact(actor, id);
  }

  @Get('home/clients')
  @Access('administrador')
  list() {
    return this.profiles.listClients();
  }
}
