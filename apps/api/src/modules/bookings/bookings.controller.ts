import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiTags } from '@nestjs/swagger';
import type { AnswerDispute, BookingDecision, CancelDates, OpenDispute } from '@oficios/domain';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { idParam } from '../../common/validation/validation.pipe';
import { BookingCancellations } from './booking-cancellations.service';
import { BookingDateCancellations } from './booking-date-cancellations.service';
import { BookingsService } from './bookings.service';
import { DisputesService } from './disputes.service';
import { AnswerDisputeDto, BookingDecisionDto, CancelDatesDto, DeclineBookingDto, OpenDisputeDto } from './dto/bookings.dto';

@ApiTags('bookings')
@Controller('api/bookings')
export class BookingsController {
  constructor(
    private readonly bookings: BookingsService,
    private readonly cancellations: BookingCancellations,
    private readonly dateCancellations: BookingDateCancellations,
    private readonly disputes: DisputesService,
  ) {}

  @Post('decision')
  @Access('public')
  @HttpCode(200)
  @ApiBadRequestResponse({ description: 'the link is forged, broken or expired' })
  @ApiConflictResponse({ description: 'the booking is no longer awaiting the professional (e.g. the link was used)' })
  decide(@Body() body: BookingDecisionDto) {
    return this.bookings.decide(body as BookingDecision);
  }

  @Post(':lineId/accept')
  @Access('profesional')
  @HttpCode(200)
  @ApiForbiddenResponse({ description: 'not the booking’s professional' })
  @ApiConflictResponse({ description: 'the booking is not awaiting the professional' })
  accept(@CurrentUser() actor: SessionUserClaims, @Param('lineId', idParam('lineId')) lineId: number) {
    return this.bookings.accept(actor, lineId);
  }

  @Post(':lineId/decline')
  @Access('profesional')
  @HttpCode(200)
  @ApiForbiddenResponse({ description: 'not the booking’s professional' })
  @ApiConflictResponse({ description: 'the booking is not awaiting the professional' })
  decline(@CurrentUser() actor: SessionUserClaims, @Param('lineId', idParam('lineId')) lineId: number, @Body() body: DeclineBookingDto) {
    return this.bookings.decline(actor, lineId, body);
  }

  @Get(':lineId/cancellation')
  @Access('cliente')
  @ApiForbiddenResponse({ description: 'not the booking’s client' })
  cancellation(@CurrentUser() actor: SessionUserClaims, @Param('lineId', idParam('lineId')) lineId: number) {
    return this.cancellations.cancellationQuote(actor, lineId);
  }

  @Post(':lineId/cancel')
  @Access('cliente', 'profesional')
  @HttpCode(200)
  @ApiForbiddenResponse({ description: 'neither the booking’s client nor its professional' })
  @ApiConflictResponse({ description: 'the booking can no longer be cancelled (the reason says why)' })
  cancel(@CurrentUser() actor: SessionUserClaims, @Param('lineId', idParam('lineId')) lineId: number) {
    return this.cancellations.cancel(actor, lineId);
  }

  @Get(':lineId/date-cancellation')
  @Access('cliente', 'profesional')
  @ApiForbiddenResponse({ description: 'neither the booking’s client nor its professional' })
  dateCancellation(@CurrentUser() actor: SessionUserClaims, @Param('lineId', idParam('lineId')) lineId: number) {
    return this.dateCancellations.quote(actor, lineId);
  }

  @Post(':lineId/cancel-dates')
  @Access('cliente', 'profesional')
  @HttpCode(200)
  @ApiBadRequestResponse({ description: 'no dates, a malformed or repeated date, or a date not in the booking' })
  @ApiForbiddenResponse({ description: 'neither the booking’s client nor its professional' })
  @ApiConflictResponse({ description: 'a date already cancelled or started, or the booking’s status allows no cancelling' })
  cancelDates(@CurrentUser() actor: SessionUserClaims, @Param('lineId', idParam('lineId')) lineId: number, @Body() body: CancelDatesDto) {
    return this.dateCancellations.cancelDates(actor, lineId, body as CancelDates);
  }

  @Post(':lineId/done')
  @Access('profesional')
  @HttpCode(200)
  @ApiForbiddenResponse({ description: 'not the booking’s professional' })
  @ApiConflictResponse({ description: 'not confirmed, or its last date is not over' })
  done(@CurrentUser() actor: SessionUserClaims, @Param('lineId', idParam('lineId')) lineId: number) {
    return this.cancellations.markDone(actor, lineId);
  }

  @Post(':lineId/dispute')
  @Access('cliente')
  @HttpCode(200)
  @ApiForbiddenResponse({ description: 'not the booking’s client' })
  @ApiConflictResponse({ description: 'not done, the window is over, or a problem was already reported' })
  openDispute(@CurrentUser() actor: SessionUserClaims, @Param('lineId', idParam('lineId')) lineId: number, @Body() body: OpenDisputeDto) {
    return this.disputes.openDispute(actor, lineId, body as OpenDispute);
  }

  @Post(':lineId/dispute/answer')
  @Access('profesional')
  @HttpCode(200)
  @ApiForbiddenResponse({ description: 'not the booking’s professional' })
  @ApiConflictResponse({ description: 'the dispute was resolved' })
  answerDispute(
    @CurrentUser() actor: SessionUserClaims,
    @Param('lineId', idParam('lineId')) lineId: number,
    @Body() body: AnswerDisputeDto,
  ) {
    return this.disputes.answerDispute(actor, lineId, body as AnswerDispute);
  }
}
