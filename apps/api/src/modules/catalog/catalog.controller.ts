import { Access } from '../../common/auth/access.decorator';
import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { listingRequestOf } from '@oficios/domain';
import type { Response } from 'express';
import { idParam } from '../../common/validation/validation.pipe';
import { CatalogService } from './catalog.service';
import { NameSearchQueryDto, ProfessionalsQueryDto } from './dto/catalog.dto';
import { ListingPageSchema, ProfessionalDetailSchema, ProfessionalSchema, ProfessionSchema } from './catalog.schemas';

@ApiTags('catalog')
@Access('public')
@Controller('home')
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Get()
  @ApiOperation({ summary: 'Professionals whose name contains the text' })
  @ApiOkResponse({ type: [ProfessionalSchema] })
  @ApiBadRequestResponse({ description: 'search missing or too long' })
  search(@Query() query: NameSearchQueryDto) {
    return this.catalog.searchProfessionals(query.search);
  }

  @Get('professions')
  @ApiOkResponse({ type: [ProfessionSchema] })
  professions() {
    return this.catalog.listProfessions();
  }

  @Get('professionals')
  @ApiOperation({
    summary: 'Every professional; with any listing parameter, one page {items,total,page,pageSize}',
    description:
      'professions: comma-separated names, all must match (case-insensitive), "all" for none; rating: 1-5 exact or "all"; sort: firstName|rating; order: asc|desc; search: name text; page from 1; pageSize 1-100 (8).',
  })
  @ApiOkResponse({ type: ListingPageSchema, description: 'or ProfessionalSchema[] without parameters' })
  @ApiBadRequestResponse({ description: 'names each malformed parameter' })
  async professionals(@Query() query: ProfessionalsQueryDto, @Res({ passthrough: true }) res: Response) {
    const answer = await this.catalog.listProfessionals(listingRequestOf(query));
    if ('json' in answer) {
      res.type('application/json');
      return answer.json;
    }
    return answer;
  }

  @Get('professionals/:id')
  @ApiOkResponse({ type: ProfessionalDetailSchema })
  @ApiNotFoundResponse()
  @ApiBadRequestResponse()
  professional(@Param('id', idParam()) id: number) {
    return this.catalog.getProfessional(id);
  }
}
