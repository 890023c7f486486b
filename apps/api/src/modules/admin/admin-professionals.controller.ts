import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access } from '../../common/auth/access.decorator';
import { idParam } from '../../common/validation/validation.pipe';
import { ManagedProfessionalSchema } from './admin.schemas';
import { ProfessionalEditor } from './professional-editor.service';

@ApiTags('admin')
@Access('administrador')
@Controller('api/admin/professionals')
export class AdminProfessionalsController {
  constructor(private readonly editor: ProfessionalEditor) {}

  @Get(':id')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: 'The professional as "Editar Profesionales" loads it: the detail with its e-mail, phone and address' })
  @ApiOkResponse({ type: ManagedProfessionalSchema })
  @ApiNotFoundResponse()
  professional(@Param('id', idParam()) id: number) {
    return this.editor.load(id);
  }
}
