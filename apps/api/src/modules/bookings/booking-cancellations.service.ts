import { Inject, Injectable } from '@nestjs/common';
import {
  centsToPesos,
  dateLabel,
  lastDateHasPassed,
  moveBooking,
  refundableCents,
  wholeBookingCancellationRefund,
  type BookingView,
  type CancellationQuote,
  type Cents,
} from '@oficios/domain';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { conflict, forbidden, notFound } from '../../common/errors/app-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OutboxService } from '../outbox';
import { BookingRecordsRepository } from './booking-records.repository';
import { BookingRefunds } from './booking-refunds';
import { BookingTransitions } from './booking-transitions.service';
import { BookingsRepository } from './bookings.repository';
import { BookingsService } from './bookings.service';
import type { Booking } from './entities/booking.entity';

export const notYourBooking = () => forbidden('not_allowed', 'Esta reserva no es tuya');
/**
 * An unpaid booking of an order with other unpaid bookings is not cancelled alone: the order's one payment link
 * charges the whole amount, so the cart is where the client changes what it buys (checking out again replaces the order).
 */
const UNPAID_WITH_OTHERS =
  'Esta reserva todavía no está pagada y su compra tiene otras: quítala de tu carrito y vuelve a pedir el pago, o cancela la compra entera';

/**
 * The end of a booking by its people: the client's cancellation (with the policy's refund), the professional's, and
 * the professional marking the work done. Every move is one call of BookingTransitions (409 with its reason).
 */
@Injectable()
export class BookingCancellations {
  constructor(
    private readonly outbox: OutboxService,
    private readonly lines: BookingTransitions,
    private readonly bookings: BookingsRepository,
    private readonly records: BookingRecordsRepository,
    private readonly refunds: BookingRefunds,
    private readonly views: BookingsService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * What the client would get back for cancelling the line now, or why it cannot (the line's money in cents, less the
   * refunds already asked for it: `committedCents`).
   */
  private quoteOf(
    line: Pick<Booking, 'lineStatus' | 'reservationAmountCents' | 'dates' | 'cancelledDates'>,
    otherUnpaidLines: number,
    committedCents: Cents,
  ): { allowed: true; refundCents: number; kind: 'full' | 'partial' | 'none' } | { allowed: false; reason: string } {
    const decided = moveBooking(line.lineStatus, 'client_cancelled', 'client');
    if (!decided.ok) return { allowed: false, reason: decided.reason };
    if (line.lineStatus === 'awaiting_payment' && otherUnpaidLines > 0) return { allowed: false, reason: UNPAID_WITH_OTHERS };
    if (decided.refund === 'none') return { allowed: true, refundCents: 0, kind: 'none' };
    const { timeZone, fullRefundHours, lateRefundPercent } = this.config.bookings;
    // Each date priced on its own, as "Cancelar días" prices them: cancelling whole or date by date gives back the same.
    const refund = wholeBookingCancellationRefund({ booking: line, now: this.clock.now(), timeZone, fullRefundHours, lateRefundPercent });
    if (!refund.allowed) return refund;
    const refundCents = Math.min(refund.refundCents, refundableCents(line.reservationAmountCents, committedCents));
    return { allowed: true, refundCents, kind: refund.kind };
  }

  /** `GET /api/bookings/{lineId}/cancellation` (its client). */
  async cancellationQuote(actor: SessionUserClaims, lineId: number): Promise<CancellationQuote> {
    const line = await this.records.one(lineId);
    if (!line) throw notFound(`No existe la reserva ${lineId}`);
    if (line.clientId !== actor.id) throw notYourBooking();
    const [otherUnpaid, committed] = await Promise.all([this.bookings.otherUnpaidOf(line), this.refunds.committedCents(lineId)]);
    const quote = this.quoteOf(line, otherUnpaid, committed);
    return quote.allowed ? { allowed: true, refundAmount: centsToPesos(quote.refundCents), kind: quote.kind } : quote;
  }

  /**
   * `POST /api/bookings/{lineId}/cancel`: its client cancels (the policy's refund, computed here once and carried by
   * the refund request: a retried refund never recomputes it); its professional cancels a confirmed line (full refund).
   */
  async cancel(actor: SessionUserClaims, lineId: number): Promise<BookingView> {
    await this.outbox.transaction(async (manager) => {
      const line = await this.lines.lock(manager, lineId);
      if (actor.id === line.clientId) {
        const quote = this.quoteOf(
          line,
          await this.bookings.otherUnpaidOf(line, manager),
          await this.refunds.committedCents(line.id, manager),
        );
        if (!quote.allowed) throw conflict('line_move_refused', quote.reason);
        await this.lines.move(
          manager,
          line,
          'client_cancelled',
          { actor: 'client', actorId: actor.id },
          { policyRefundCents: quote.refundCents },
        );
      } else if (actor.id === line.professionalId) {
        await this.lines.move(manager, line, 'professional_cancelled', { actor: 'professional', actorId: actor.id });
      } else throw notYourBooking();
    });
    return this.views.view(lineId);
  }

  /** `POST /api/bookings/{lineId}/done`: its professional, once the last date is over. */
  async markDone(actor: SessionUserClaims, lineId: number): Promise<BookingView> {
    await this.outbox.transaction(async (manager) => {
      const line = await this.lines.lock(manager, lineId);
      if (line.professionalId !== actor.id) throw notYourBooking();
      const decided = moveBooking(line.lineStatus, 'marked_done', 'professional');
      if (!decided.ok) throw conflict('line_move_refused', decided.reason);
      const lastDate = line.dates[line.dates.length - 1];
      if (!lastDateHasPassed(lastDate, this.clock.now(), this.config.bookings.timeZone))
        throw conflict('line_move_refused', `La reserva se puede marcar como realizada después de su último día (${dateLabel(lastDate)})`);
      await this.lines.move(manager, line, 'marked_done', { actor: 'professional', actorId: actor.id });
    });
    return this.views.view(lineId);
  }
}
