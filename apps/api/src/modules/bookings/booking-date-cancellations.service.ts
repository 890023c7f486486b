import { Inject, Injectable } from '@nestjs/common';
import {
  centsToPesos,
  dateCancellationQuotes,
  dateCancellationRefundKey,
  dateLabel,
  moveBooking,
  refundableCents,
  sumCents,
  type BookingView,
  type CancelDates,
  type Cents,
  type DateCanceller,
  type DateCancellationView,
  type IsoDate,
} from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { conflict, invalidInput, notFound } from '../../common/errors/app-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CalendarService } from '../calendar';
import { OutboxService } from '../outbox';
import { notYourBooking } from './booking-cancellations.service';
import { BookingDateCancellationsRepository } from './booking-date-cancellations.repository';
import { BookingRecordsRepository } from './booking-records.repository';
import { BookingRefunds } from './booking-refunds';
import { BookingTransitions } from './booking-transitions.service';
import { BookingsRepository } from './bookings.repository';
import { BookingsService } from './bookings.service';
import type { Booking } from './entities/booking.entity';

/** An unpaid booking's dates are changed in the cart: the order's one payment link charges the whole amount. */
const UNPAID =
  'Esta reserva todavía no está pagada: para cambiar sus días quítala de tu carrito y vuelve a pedir el pago, o cancela la reserva entera';

type DatesOfBooking = Pick<Booking, 'lineStatus' | 'reservationAmountCents' | 'dates' | 'cancelledDates'>;

/** Every date the booking was bought with, the cancelled ones included (each date's share of the price counts from them). */
const bookedDatesOf = (booking: DatesOfBooking): IsoDate[] => [...booking.dates, ...booking.cancelledDates].sort();

/**
 * Cancelling some dates of a booking while it goes on with the rest: its client (each date priced by the cancellation
 * policy now) or its professional (each date in full). The booking is locked (its order first) for the whole request, so
 * parallel requests for the same dates apply one after the other and the second finds them cancelled. Cancelling every
 * date still on is cancelling the booking: the same move as `POST /cancel`.
 */
@Injectable()
export class BookingDateCancellations {
  constructor(
    private readonly outbox: OutboxService,
    private readonly lines: BookingTransitions,
    private readonly records: BookingRecordsRepository,
    private readonly bookings: BookingsRepository,
    private readonly cancellations: BookingDateCancellationsRepository,
    private readonly refunds: BookingRefunds,
    private readonly calendar: CalendarService,
    private readonly views: BookingsService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private cancellerOf(actor: SessionUserClaims, booking: Pick<Booking, 'clientId' | 'professionalId'>): DateCanceller {
    if (actor.id === booking.clientId) return 'client';
    if (actor.id === booking.professionalId) return 'professional';
    throw notYourBooking();
  }

  /** Why the booking's dates cannot be cancelled by `by` in its status, or null when they can. */
  private refusalOf(booking: DatesOfBooking, by: DateCanceller): string | null {
    const decided = moveBooking(booking.lineStatus, by === 'client' ? 'client_cancelled' : 'professional_cancelled', by);
    if (!decided.ok) return decided.reason;
    return booking.lineStatus === 'awaiting_payment' ? UNPAID : null;
  }

  private quotes(booking: DatesOfBooking, dates: readonly IsoDate[], by: DateCanceller) {
    const { timeZone, fullRefundHours, lateRefundPercent } = this.config.bookings;
    return dateCancellationQuotes({
      amountCents: booking.reservationAmountCents,
      bookedDates: bookedDatesOf(booking),
      dates,
      by,
      now: this.clock.now(),
      timeZone,
      fullRefundHours,
      lateRefundPercent,
    });
  }

  /** `GET /api/bookings/{lineId}/date-cancellation` (its client or its professional): each date still on, priced now. */
  async quote(actor: SessionUserClaims, lineId: number): Promise<DateCancellationView> {
    const booking = await this.records.one(lineId);
    if (!booking) throw notFound(`No existe la reserva ${lineId}`);
    const by = this.cancellerOf(actor, booking);
    const dates = this.quotes(booking, booking.dates, by).map((quote) =>
      quote.allowed
        ? {
            date: quote.date,
            allowed: true as const,
            refundAmount: centsToPesos(quote.refundCents),
            kind: quote.refundCents === 0 ? ('none' as const) : quote.kind,
          }
        : { date: quote.date, allowed: false as const, reason: quote.reason },
    );
    const refusal = this.refusalOf(booking, by);
    return refusal === null ? { allowed: true, dates } : { allowed: false, reason: refusal, dates };
  }

  /** `POST /api/bookings/{lineId}/cancel-dates {dates}`: those dates are cancelled, their refund asked for once. */
  async cancelDates(actor: SessionUserClaims, lineId: number, { dates }: CancelDates): Promise<BookingView> {
    await this.outbox.transaction(async (manager) => {
      const booking = await this.lines.lock(manager, lineId);
      const by = this.cancellerOf(actor, booking);
      const refusal = this.refusalOf(booking, by);
      if (refusal !== null) throw conflict('line_move_refused', refusal);
      const wanted = [...dates].sort();
      const unknown = wanted.filter((date) => !booking.dates.includes(date) && !booking.cancelledDates.includes(date));
      if (unknown.length > 0)
        throw invalidInput([{ field: 'dates', message: `${unknown.map(dateLabel).join(', ')}: no es un día de esta reserva` }]);
      const cancelled = wanted.filter((date) => booking.cancelledDates.includes(date));
      if (cancelled.length > 0) throw conflict('line_move_refused', `${cancelled.map(dateLabel).join(', ')}: ese día ya está cancelado`);
      const quotes = this.quotes(booking, wanted, by);
      const refused = quotes.find((quote) => !quote.allowed);
      if (refused && !refused.allowed) throw conflict('line_move_refused', refused.reason);
      // Never more than is left to give back on the booking (the database bounds it too).
      const refundCents = Math.min(
        sumCents(quotes.map((quote) => (quote.allowed ? quote.refundCents : 0))),
        refundableCents(booking.reservationAmountCents, await this.refunds.committedCents(booking.id, manager)),
      );
      const remaining = booking.dates.filter((date) => !wanted.includes(date));
      if (remaining.length === 0) await this.cancelWhole(manager, booking, actor, by, refundCents);
      else await this.cancelSome(manager, booking, actor, by, wanted, remaining, refundCents);
    });
    return this.views.view(lineId);
  }

  /** Every date still on: the booking is cancelled, as by `POST /cancel`, with what these dates are worth now. */
  private async cancelWhole(manager: EntityManager, booking: Booking, actor: SessionUserClaims, by: DateCanceller, refundCents: Cents) {
    if (by === 'client')
      await this.lines.move(
        manager,
        booking,
        'client_cancelled',
        { actor: 'client', actorId: actor.id },
        { policyRefundCents: refundCents },
      );
    // The professional's: every date still on back in full (BookingTransitions counts it the same way).
    else await this.lines.move(manager, booking, 'professional_cancelled', { actor: 'professional', actorId: actor.id });
  }

  /** Some dates: the booking keeps the rest, these are freed in the calendar, and their refund is one record. */
  private async cancelSome(
    manager: EntityManager,
    booking: Booking,
    actor: SessionUserClaims,
    by: DateCanceller,
    wanted: IsoDate[],
    remaining: IsoDate[],
    refundCents: Cents,
  ) {
    const id = await this.cancellations.insert(manager, { lineId: booking.id, dates: wanted, actor: by, actorId: actor.id, refundCents });
    await this.bookings.setFields(manager, booking.id, { dates: remaining, cancelledDates: [...booking.cancelledDates, ...wanted].sort() });
    await this.calendar.releaseDates(manager, booking.id, wanted);
    // The last date came earlier: the booking becomes done by itself after it, not after the one cancelled.
    if (booking.lineStatus === 'confirmed' && remaining[remaining.length - 1] !== booking.dates[booking.dates.length - 1])
      this.lines.scheduleAutoDone(manager, { id: booking.id, dates: remaining }, { lastDateMoved: true });
    await this.outbox.record(manager, 'BookingDatesCancelled', {
      lineId: booking.id,
      orderId: booking.orderId,
      clientId: booking.clientId,
      professionalId: booking.professionalId,
      dates: wanted,
      remainingDates: remaining,
      by,
      actorId: actor.id,
      refundCents,
    });
    if (refundCents <= 0) return;
    const cause = by === 'client' ? 'client_cancelled' : 'professional_cancelled';
    const key = dateCancellationRefundKey(booking.id, id);
    await this.cancellations.setRefundKey(manager, id, key);
    await this.lines.requestRefund(manager, booking, cause, refundCents, key);
  }
}
