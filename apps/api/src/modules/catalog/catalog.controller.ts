import { Access } from '../../common/auth/access.decorator';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { listingRequestOf } from '@oficios/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JsonAnswers } from '../../common/http/json-answers';
import { SharedCacheable } from '../../common/http/shared-cacheable';
import { idParam } from '../../common/validation/validation.pipe';
import { CatalogService } from './catalog.service';
import { NameSearchQueryDto, ProfessionalsQueryDto } from './dto/catalog.dto';
import { ListingPageSchema, ProfessionalDetailSchema, ProfessionalSchema, ProfessionSchema } from './catalog.schemas';

/**
 * The public catalogue. Its GETs (but the name search) are sent by `JsonAnswers`: compressed by `Accept-Encoding`,
 * with a strong ETag and 304 for `If-None-Match`, all made once per cached answer. None sets a cookie (shared caches
 * may keep them).
 */
@ApiTags('catalog')
@Access('public')
@Controller('home')
export class CatalogController {
  constructor(
    private readonly catalog: CatalogService,
    private readonly answers: JsonAnswers,
  ) {}

  @Get()
  @SharedCacheable()
  @ApiOperation({ summary: 'Professionals whose name contains the text' })
  @ApiOkResponse({ type: [ProfessionalSchema] })
  @ApiBadRequestResponse({ description: 'search missing or too long' })
  search(@Query() query: NameSearchQueryDto) {
    return this.catalog.searchProfessionals(query.search);
  }

  @Get('professions')
  @SharedCacheable()
  @ApiOkResponse({ type: [ProfessionSchema] })
  async professions(@Req() req: FastifyRequest, @Res() res: FastifyReply) {
    await this.answers.send(req, res, await this.catalog.listProfessions());
  }

  @Get('professionals')
  @SharedCacheable()
  @ApiOperation({
    summary: 'Every professional; with any listing parameter, one page {items,total,page,pageSize}',
    description:
      'professions: comma-separated names, all must match (case-insensitive), "all" for none; rating: 1-5 exact or "all"; sort: firstName|rating|distance; order: asc|desc; search: name text; page from 1; pageSize 1-100 (8); near: a locality id (INDEC): only professionals whose service area covers it (and those without an area, last by distance), each with distanceKm; sort=distance (nearest first, asc only) needs near and is its default.',
  })
  @ApiOkResponse({ type: ListingPageSchema, description: 'or ProfessionalSchema[] without parameters' })
  @ApiBadRequestResponse({ description: 'names each malformed parameter; an unknown near locality (unknown_locality)' })
  async professionals(@Query() query: ProfessionalsQueryDto, @Req() req: FastifyRequest, @Res() res: FastifyReply) {
    await this.answers.send(req, res, await this.catalog.listProfessionals(listingRequestOf(query)));
  }

  @Get('professionals/:id')
  @SharedCacheable()
  @ApiOkResponse({ type: ProfessionalDetailSchema })
  @ApiNotFoundResponse()
  @ApiBadRequestResponse()
  async professional(@Param('id', idParam()) id: number, @Req() req: FastifyRequest, @Res() res: FastifyReply) {
    await this.answers.send(req, res, await this.catalog.getProfessional(id));
  }
}
