import { Body, Controller, Delete, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access } from '../../common/auth/access.decorator';
import { idParam } from '../../common/validation/validation.pipe';
import { ProfessionalsService } from '../catalog';
import { ManagedProfessionalSchema } from './admin.schemas';
import { CreateProfessionDto, ProfessionalEditDto } from './dto/admin.dto';
import { ProfessionalEditor } from './professional-editor.service';

/** The catalogue's write side, for administrators (the read side is public, in the catalog module). */
@ApiTags('admin')
@Access('administrador')
@Controller('home')
export class AdminCatalogController {
  constructor(
    private readonly editor: ProfessionalEditor,
    private readonly professionals: ProfessionalsService,
  ) {}

  @Put('professionals/:id')
  @ApiOperation({
    summary: 'Saves the whole professional; an e-mail, phone or address sent null or left out keeps the stored one',
    description: 'serviceArea: an area sets it, null removes it, left out keeps it (unknown locality ids: 400 unknown_locality).',
  })
  @ApiOkResponse({ type: ManagedProfessionalSchema })
  @ApiConflictResponse({ description: 'e-mail taken' })
  updateProfessional(@Param('id', idParam()) id: number, @Body() body: ProfessionalEditDto) {
    return this.editor.update(id, body);
  }

  @Post('professions')
  @ApiConflictResponse({ description: 'the name exists (case- and accent-insensitive)' })
  createProfession(@Body() body: CreateProfessionDto) {
    return this.professionals.createProfession(body.name);
  }

  @Delete('professions/:id')
  @HttpCode(200)
  @ApiConflictResponse({ description: 'professionals still have it' })
  deleteProfession(@Param('id', idParam()) id: number) {
    return this.professionals.removeProfession(id);
  }
}
