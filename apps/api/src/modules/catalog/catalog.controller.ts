import { Access } from '../../common/auth/access.decorator';
import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { IdPipe } from '../../common/id.pipe';
import { CatalogService } from './catalog.service';
import { ListingPageSchema, ProfessionalDetailSchema, ProfessionalSchema, ProfessionSchema } from './catalog.schemas';

type RawQuery = Record<string, string | string[] | undefined>;

@ApiTags('catalog')
@Access('public')
@Controller('home')
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Get()
  @ApiOperation({ summary: 'Professionals whose name contains the text' })
  @ApiQuery({ name: 'search', required: true })
  @ApiOkResponse({ type: [ProfessionalSchema] })
  @ApiBadRequestResponse({ description: 'search missing or too long' })
  search(@Query('search') search: unknown) {
    return this.catalog.searchProfessionals(search);
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
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number })
  @ApiQuery({ name: 'professions', required: false })
  @ApiQuery({ name: 'rating', required: false })
  @ApiQuery({ name: 'sort', required: false, enum: ['firstName', 'rating'] })
  @ApiQuery({ name: 'order', required: false, enum: ['asc', 'desc'] })
  @ApiQuery({ name: 'search', required: false })
  @ApiOkResponse({ type: ListingPageSchema, description: 'or ProfessionalSchema[] without parameters' })
  @ApiBadRequestResponse({ description: 'names each malformed parameter' })
  async professionals(@Query() query: RawQuery, @Res({ passthrough: true }) res: Response) {
    const answer = await this.catalog.listProfessionals(query);
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
  professional(@Param('id', new IdPipe()) id: number) {
    return this.catalog.getProfessional(id);
  }
}
