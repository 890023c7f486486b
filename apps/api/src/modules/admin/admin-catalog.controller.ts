import { Body, Controller, Delete, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBody, ApiConflictResponse, ApiTags } from '@nestjs/swagger';
import { Access } from '../../common/auth/access.decorator';
import { IdPipe } from '../../common/id.pipe';
import { ProfessionalsService } from '../catalog';
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
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        firstName: { type: 'string' },
        lastName: { type: 'string' },
        email: { type: 'string' },
        phoneNumber: { type: 'string' },
        address: { type: 'string' },
        profileImg: { type: 'string', nullable: true },
        professions: { type: 'array', items: { type: 'string' } },
        availableDays: { type: 'array', items: { type: 'string' } },
        dayPrice: { type: 'number' },
        id: { type: 'number' },
        rating: { type: 'number', description: 'ignored: computed from reviews' },
        reputation: { type: 'number', description: 'ignored: computed from reviews' },
      },
    },
  })
  @ApiConflictResponse({ description: 'e-mail taken' })
  updateProfessional(@Param('id', new IdPipe()) id: number, @Body() body: unknown) {
    return this.editor.update(id, body);
  }

  @Post('professions')
  @ApiBody({ schema: { type: 'object', properties: { name: { type: 'string' }, id: { type: 'number', description: 'ignored' } } } })
  @ApiConflictResponse({ description: 'the name exists (case- and accent-insensitive)' })
  createProfession(@Body() body: { name?: unknown } | undefined) {
    return this.professionals.createProfession(body?.name);
  }

  @Delete('professions/:id')
  @HttpCode(200)
  @ApiConflictResponse({ description: 'professionals still have it' })
  deleteProfession(@Param('id', new IdPipe()) id: number) {
    return this.professionals.removeProfession(id);
  }
}
