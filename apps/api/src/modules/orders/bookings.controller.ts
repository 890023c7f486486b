import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiTags } from '@nestjs/swagger';
import { Access, CurrentUser, type SessionUserClaims } from '../../common/auth/access.decorator';
import { idParam } from '../../common/validation/validation.pipe';
import { BookingsService } from './bookings.service';
import { DeclineBookingDto } from './dto/orders.dto';

@ApiTags('bookings')
@Controller('api/bookings')
export class BookingsController {
  constructor(private readonly bookings: BookingsService) {}

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
}
