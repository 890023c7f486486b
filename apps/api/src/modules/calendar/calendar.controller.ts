import { Controller, Delete, Get, Param, Put, Query, Req, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiTags } from '@nestjs/swagger';
import { isoDateSchema } from '@oficios/domain';
import { createZodValidationPipe } from 'nestjs-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import { fieldErrors } from '@oficios/domain';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { invalidInput } from '../../common/errors/app-errors';
import { SharedCacheable } from '../../common/http/shared-cacheable';
import { JsonAnswers } from '../../common/http/json-answers';
import { idParam } from '../../common/validation/validation.pipe';
import { CalendarService } from './calendar.service';
import { DateRangeQueryDto } from './dto/calendar.dto';

/** A route's `{date}`: 400 naming it unless a real `YYYY-MM-DD`. */
const DateParamPipe = createZodValidationPipe({
  createValidationException: (error) => invalidInput(fieldErrors(error as ZodError).map(({ message }) => ({ field: 'date', message }))),
});
const dateParam = () => new DateParamPipe(isoDateSchema('date'));

@ApiTags('bookings')
@Controller()
export class CalendarController {
  constructor(
    private readonly calendar: CalendarService,
    private readonly answers: JsonAnswers,
  ) {}

  @Get('api/bookings/settings')
  @Access('public')
  settings() {
    return this.calendar.settingsView();
  }

  /** Public and cached: compressed, with an ETag and 304, and no cookie, as the catalogue's answers (JsonAnswers). */
  @Get('home/professionals/:id/availability')
  @Access('public')
  @SharedCacheable()
  async availability(
    @Param('id', idParam()) id: number,
    @Query() query: DateRangeQueryDto,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
  ) {
    await this.answers.send(req, res, await this.calendar.availability(id, query));
  }

  @Get('api/calendar')
  @Access('profesional')
  mine(@CurrentUser() actor: SessionUserClaims, @Query() query: DateRangeQueryDto) {
    return this.calendar.calendarOf(actor.id, query);
  }

  @Put('api/calendar/blocked/:date')
  @Access('profesional')
  @ApiConflictResponse({ description: 'a booking holds the date' })
  block(@CurrentUser() actor: SessionUserClaims, @Param('date', dateParam()) date: string) {
    return this.calendar.block(actor.id, date);
  }

  @Delete('api/calendar/blocked/:date')
  @Access('profesional')
  unblock(@CurrentUser() actor: SessionUserClaims, @Param('date', dateParam()) date: string) {
    return this.calendar.unblock(actor.id, date);
  }
}
