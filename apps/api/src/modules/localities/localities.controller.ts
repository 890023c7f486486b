import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../common/auth/access.decorator';
import { JsonAnswers } from '../../common/http/json-answers';
import { SharedCacheable } from '../../common/http/shared-cacheable';
import { LocalitySearchQueryDto } from './dto/localities.dto';
import { LocalitiesService } from './localities.service';
import { LocalitySchema } from './localities.schemas';

/** Argentina's localities (Georef AR), public and the same for everybody. */
@ApiTags('localities')
@Access('public')
@Controller('home/localities')
export class LocalitiesController {
  constructor(
    private readonly localities: LocalitiesService,
    private readonly answers: JsonAnswers,
  ) {}

  @Get()
  @SharedCacheable()
  @ApiOperation({
    summary: 'Up to 10 localities matching the text, best first',
    description: 'Accent- and case-insensitive; "name, province" narrows by province; "caba" names the CABA barrios.',
  })
  @ApiOkResponse({ type: [LocalitySchema] })
  @ApiBadRequestResponse({ description: 'search missing or too long' })
  async search(@Query() query: LocalitySearchQueryDto, @Req() req: FastifyRequest, @Res() res: FastifyReply) {
    await this.answers.send(req, res, await this.localities.search(query.search));
  }

  @Get(':id')
  @SharedCacheable()
  @ApiOkResponse({ type: LocalitySchema })
  @ApiBadRequestResponse({ description: 'not an INDEC id' })
  @ApiNotFoundResponse()
  async locality(@Param('id') id: string, @Req() req: FastifyRequest, @Res() res: FastifyReply) {
    await this.answers.send(req, res, await this.localities.get(id));
  }
}
