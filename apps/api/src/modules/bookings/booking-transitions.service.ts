import { Inject, Injectable } from '@nestjs/common';
import {
  autoDoneAt,
  bookingAutoDoneJobId,
  bookingResponseDeadlineJobId,
  moveBooking,
  refundableCents,
  remainingValueOf,
  refundIdempotencyKey,
  type BookingActor,
  type BookingEvent,
  type BookingMove,
  type Cents,
  type OrderChangeReason,
  type RefundCause,
} from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { conflict, notFound } from '../../common/errors/app-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CalendarService } from '../calendar';
import { OutboxService } from '../outbox';
import { BookingRefunds } from './booking-refunds';
import { BookingsRepository } from './bookings.repository';
import type { Booking } from './entities/booking.entity';

/** Who moves a booking: the actor kind of the life cycle and the account (null for the system). */
export interface BookingMover {
  actor: BookingActor;
  actorId: number | null;
}

export interface BookingMoveOptions {
  note?: string | null;
  /** The refund of a `policy` move, computed once when the client cancels (clientCancellationRefund). */
  policyRefundCents?: Cents;
  /** Why the order's status changes if this move changes it (default 'line-changed'). */
  orderReason?: OrderChangeReason;
  /** Fields the move sets on the booking besides its status (e.g. responseDueAt on payment, declineReason). */
  fields?: Partial<Pick<Booking, 'responseDueAt' | 'declineReason' | 'refundedCents'>>;
}

/**
 * What bookings need of the order they belong to, provided by the orders module (which sits above bookings): its row
 * locked first, and its status following every move of its bookings.
 */
export interface OrderOfBookings {
  lock(manager: EntityManager, orderId: number): Promise<void>;
  bookingMoved(manager: EntityManager, orderId: number, cause: { changedBy: number | null; reason: OrderChangeReason }): Promise<void>;
}

/** The refund cause of each exit that gives money back. */
const REFUND_CAUSES: Partial<Record<BookingEvent, RefundCause>> = {
  declined: 'declined',
  response_deadline_passed: 'expired',
  client_cancelled: 'client_cancelled',
  professional_cancelled: 'professional_cancelled',
  admin_cancelled: 'admin_cancelled',
};

/**
 * The one way a booking moves: libs/domain's `moveBooking` decides (409 with its Spanish reason when it refuses), the
 * move is recorded in `booking_transitions`, the dates are released when the booking leaves its path, the deadline its
 * new status starts is scheduled, money owed back is requested, the order's status follows, and BookingStatusChanged is
 * written, all in the caller's transaction.
 */
@Injectable()
export class BookingTransitions {
  private order: OrderOfBookings | null = null;

  constructor(
    private readonly bookings: BookingsRepository,
    private readonly refunds: BookingRefunds,
    private readonly calendar: CalendarService,
    @Inject(OutboxService) private readonly outbox: OutboxService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The orders module attaches itself at start-up (see OrderOfBookings). */
  attachOrders(order: OrderOfBookings): void {
    this.order = order;
  }

  private get orders(): OrderOfBookings {
    if (!this.order) throw new Error('BookingTransitions: the orders module is not attached');
    return this.order;
  }

  /** The booking locked for the rest of the transaction; 404 when unknown. */
  async lock(manager: EntityManager, bookingId: number): Promise<Booking> {
    const booking = await this.lockIfExists(manager, bookingId);
    if (!booking) throw notFound(`No existe la reserva ${bookingId}`);
    return booking;
  }

  /**
   * The booking locked for the rest of the transaction (null when unknown), its order first: payments, expiry and the
   * administrator lock the order and then its bookings, so every path takes the two in that order and a client's
   * cancel never deadlocks with the administrator's dropdown on the same order.
   */
  async lockIfExists(manager: EntityManager, bookingId: number): Promise<Booking | null> {
    const orderId = await this.bookings.orderIdOf(manager, bookingId);
    if (orderId === null) return null;
    await this.orders.lock(manager, orderId);
    return this.bookings.lock(manager, bookingId);
  }

  /** Moves a locked booking by `event`; throws 409 `line_move_refused` with moveBooking's reason when the move is not allowed. */
  async move(
    manager: EntityManager,
    booking: Booking,
    event: BookingEvent,
    by: BookingMover,
    options: BookingMoveOptions = {},
  ): Promise<BookingMove> {
    const decided = moveBooking(booking.lineStatus, event, by.actor);
    if (!decided.ok) throw conflict('line_move_refused', decided.reason);
    const from = booking.lineStatus;
    const note = options.note ?? null;
    // The dispute window counts from the moment the booking became done, whoever moved it.
    const fields = decided.to === 'done' ? { ...options.fields, doneAt: this.clock.now() } : options.fields;
    await this.bookings.setFields(manager, booking.id, { lineStatus: decided.to, ...fields });
    await this.bookings.insertTransition(manager, {
      lineId: booking.id,
      event,
      actor: by.actor,
      actorId: by.actorId,
      fromStatus: from,
      toStatus: decided.to,
      note,
    });
    booking.lineStatus = decided.to;
    Object.assign(booking, fields);
    if (decided.releasesHold) await this.calendar.releaseHolds(manager, booking.id);
    await this.outbox.record(manager, 'BookingStatusChanged', {
      lineId: booking.id,
      orderId: booking.orderId,
      clientId: booking.clientId,
      professionalId: booking.professionalId,
      from,
      to: decided.to,
      event,
      actor: by.actor,
      actorId: by.actorId,
      note,
    });
    // Everything not yet given back or on its way back (a refund still awaiting the provider counts as given); once
    // dates were cancelled one by one, at most what the dates still on are worth, unless an administrator cancels.
    const refundCents =
      decided.refund === 'full'
        ? Math.min(
            refundableCents(booking.reservationAmountCents, await this.refunds.committedCents(booking.id, manager)),
            event === 'admin_cancelled' ? Number.MAX_SAFE_INTEGER : remainingValueOf(booking),
          )
        : decided.refund === 'policy'
          ? (options.policyRefundCents ?? 0)
          : 0;
    const cause = REFUND_CAUSES[event];
    if (refundCents > 0 && cause) await this.requestRefund(manager, booking, cause, refundCents);
    this.scheduleDeadline(manager, booking);
    await this.orders.bookingMoved(manager, booking.orderId, { changedBy: by.actorId, reason: options.orderReason ?? 'line-changed' });
    return decided;
  }

  /**
   * The deadline a booking's new status starts, scheduled with the move on the bookings' queue: a paid booking's answer
   * (its responseDueAt), a confirmed booking's auto-done (AUTO_DONE_HOURS after its last date). The job finds the
   * booking moved on, or early, and does nothing then.
   */
  private scheduleDeadline(manager: EntityManager, booking: Booking): void {
    const now = this.clock.now().getTime();
    if (booking.lineStatus === 'awaiting_professional' && booking.responseDueAt)
      this.outbox.schedule(
        manager,
        'booking-response-deadline',
        { lineId: booking.id },
        {
          jobId: bookingResponseDeadlineJobId(booking.id),
          delayMs: Math.max(0, new Date(booking.responseDueAt).getTime() - now),
        },
      );
    if (booking.lineStatus === 'confirmed') this.scheduleAutoDone(manager, booking);
  }

  /**
   * A confirmed booking's auto-done, AUTO_DONE_HOURS after its last date. `lastDateMoved`: dates were cancelled off its
   * end, so a job of its own for the new last date (the first job, still waiting for the old one, then finds it done).
   */
  scheduleAutoDone(manager: EntityManager, booking: Pick<Booking, 'id' | 'dates'>, { lastDateMoved = false } = {}): void {
    const { autoDoneHours, timeZone } = this.config.bookings;
    const lastDate = booking.dates[booking.dates.length - 1];
    const dueAt = autoDoneAt(lastDate, autoDoneHours, timeZone);
    this.outbox.schedule(
      manager,
      'booking-auto-done',
      { lineId: booking.id },
      {
        jobId: lastDateMoved ? bookingAutoDoneJobId(booking.id, lastDate) : bookingAutoDoneJobId(booking.id),
        delayMs: Math.max(0, dueAt - this.clock.now().getTime()),
      },
    );
  }

  /**
   * Money of the booking is owed back: the refund's record (what its client follows: requested, then approved or
   * failed) and BookingRefundRequested for payments, which asks the provider once by the key of the booking and cause.
   */
  async requestRefund(
    manager: EntityManager,
    booking: Pick<Booking, 'id' | 'orderId' | 'clientId'>,
    cause: RefundCause,
    amountCents: Cents,
    idempotencyKey: string = refundIdempotencyKey(booking.id, cause),
  ): Promise<void> {
    await this.refunds.request(manager, {
      bookingId: booking.id,
      orderId: booking.orderId,
      clientId: booking.clientId,
      cause,
      amountCents,
      idempotencyKey,
    });
    await this.outbox.record(manager, 'BookingRefundRequested', {
      lineId: booking.id,
      orderId: booking.orderId,
      clientId: booking.clientId,
      amountCents,
      cause,
      idempotencyKey,
    });
  }
}
