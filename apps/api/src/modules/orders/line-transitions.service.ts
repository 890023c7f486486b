import { Inject, Injectable } from '@nestjs/common';
import {
  autoDoneAt,
  lineAutoDoneJobId,
  lineResponseDeadlineJobId,
  moveLine,
  orderStatusOfLines,
  refundableCents,
  refundIdempotencyKey,
  type Cents,
  type LineActor,
  type LineEvent,
  type LineMove,
  type RefundCause,
} from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { conflict, notFound } from '../../common/errors/app-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CalendarService } from '../calendar';
import { OutboxService } from '../outbox';
import type { OrderDetail } from './entities/order-detail.entity';
import { OrderTransitions } from './order-transitions.service';
import { AftercareRepository } from './aftercare.repository';
import { OrdersRepository } from './orders.repository';

/** Who moves a line: the actor kind of the life cycle and the account (null for the system). */
export interface LineMover {
  actor: LineActor;
  actorId: number | null;
}

export interface LineMoveOptions {
  note?: string | null;
  /** The refund of a `policy` move, computed once when the client cancels (clientCancellationRefund). */
  policyRefundCents?: Cents;
  /**
   * Whether the order's spec status is re-derived from its lines ('line-changed'). Order-level changes (payment,
   * expiry, the administrator's dropdown) move the order themselves and their lines with `false`.
   */
  deriveOrder?: boolean;
  /** Fields the move sets on the line besides its status (e.g. responseDueAt on payment, declineReason). */
  fields?: Partial<Pick<OrderDetail, 'responseDueAt' | 'declineReason' | 'refundedCents'>>;
}

/** The refund cause of each exit that gives money back. */
const REFUND_CAUSES: Partial<Record<LineEvent, RefundCause>> = {
  declined: 'declined',
  response_deadline_passed: 'expired',
  client_cancelled: 'client_cancelled',
  professional_cancelled: 'professional_cancelled',
  admin_cancelled: 'admin_cancelled',
};

/**
 * The one way a booking (order line) moves: libs/domain's `moveLine` decides (409 with its Spanish reason when it
 * refuses), the move is recorded in `line_transitions`, the dates are released when the line leaves its path, the
 * order's spec status is re-derived from its lines, and LineStatusChanged (and LineRefundRequested when money is owed
 * back) are written in the caller's transaction. Accept, decline, expiry, cancellations, done and refunds are one
 * call each.
 */
@Injectable()
export class LineTransitions {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly aftercare: AftercareRepository,
    private readonly orderTransitions: OrderTransitions,
    private readonly calendar: CalendarService,
    @Inject(OutboxService) private readonly outbox: OutboxService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The line locked for the rest of the transaction; 404 when unknown. */
  async lock(manager: EntityManager, lineId: number): Promise<OrderDetail> {
    const line = await this.lockIfExists(manager, lineId);
    if (!line) throw notFound(`No existe la reserva ${lineId}`);
    return line;
  }

  /**
   * The line locked for the rest of the transaction (null when unknown), its order first: payments, expiry and the
   * administrator lock the order and then its lines, so every path takes the two in that order and a client's cancel
   * never deadlocks with the administrator's dropdown on the same order.
   */
  async lockIfExists(manager: EntityManager, lineId: number): Promise<OrderDetail | null> {
    const orderId = await this.orders.orderIdOfLine(manager, lineId);
    if (orderId === null) return null;
    await this.orderTransitions.lock(manager, orderId);
    return this.orders.lockLine(manager, lineId);
  }

  /** Moves a locked line by `event`; throws 409 `line_move_refused` with moveLine's reason when the move is not allowed. */
  async move(manager: EntityManager, line: OrderDetail, event: LineEvent, by: LineMover, options: LineMoveOptions = {}): Promise<LineMove> {
    const decided = moveLine(line.lineStatus, event, by.actor);
    if (!decided.ok) throw conflict('line_move_refused', decided.reason);
    const from = line.lineStatus;
    const note = options.note ?? null;
    // The dispute window counts from the moment the line became done, whoever moved it.
    const fields = decided.to === 'done' ? { ...options.fields, doneAt: this.clock.now() } : options.fields;
    await this.orders.setLineFields(manager, line.id, { lineStatus: decided.to, ...fields });
    await this.orders.insertLineTransition(manager, {
      lineId: line.id,
      event,
      actor: by.actor,
      actorId: by.actorId,
      fromStatus: from,
      toStatus: decided.to,
      note,
    });
    line.lineStatus = decided.to;
    Object.assign(line, fields);
    if (decided.releasesHold) await this.calendar.releaseHolds(manager, line.id);
    await this.outbox.record(manager, 'LineStatusChanged', {
      lineId: line.id,
      orderId: line.orderId,
      clientId: line.clientId,
      professionalId: line.professionalId,
      from,
      to: decided.to,
      event,
      actor: by.actor,
      actorId: by.actorId,
      note,
    });
    // Everything not yet given back or on its way back: a refund still awaiting the provider counts as given.
    const refundCents =
      decided.refund === 'full'
        ? refundableCents(line.reservationAmountCents, await this.aftercare.committedRefundCents(line.id, manager))
        : decided.refund === 'policy'
          ? (options.policyRefundCents ?? 0)
          : 0;
    const cause = REFUND_CAUSES[event];
    if (refundCents > 0 && cause) await this.requestRefund(manager, line, cause, refundCents);
    this.scheduleDeadline(manager, line);
    if (options.deriveOrder !== false) await this.deriveOrderStatus(manager, line.orderId, by.actorId);
    return decided;
  }

  /**
   * The deadline a line's new status starts, scheduled with the move: a paid line's answer (its responseDueAt), a
   * confirmed line's auto-done (AUTO_DONE_HOURS after its last date). The job finds the line moved on, or early, and
   * does nothing then.
   */
  private scheduleDeadline(manager: EntityManager, line: OrderDetail): void {
    const now = this.clock.now().getTime();
    if (line.lineStatus === 'awaiting_professional' && line.responseDueAt)
      this.outbox.schedule(
        manager,
        'line-response-deadline',
        { lineId: line.id },
        { jobId: lineResponseDeadlineJobId(line.id), delayMs: Math.max(0, new Date(line.responseDueAt).getTime() - now) },
      );
    if (line.lineStatus === 'confirmed' && line.dates.length > 0) {
      const { autoDoneHours, timeZone } = this.config.bookings;
      const dueAt = autoDoneAt(line.dates[line.dates.length - 1], autoDoneHours, timeZone);
      this.outbox.schedule(
        manager,
        'line-auto-done',
        { lineId: line.id },
        { jobId: lineAutoDoneJobId(line.id), delayMs: Math.max(0, dueAt - now) },
      );
    }
  }

  /**
   * Money of the line is owed back: the line's own record (what its client follows: requested, then approved or
   * failed) and LineRefundRequested for payments, which refunds it once by the key of the line and cause.
   */
  async requestRefund(
    manager: EntityManager,
    line: Pick<OrderDetail, 'id' | 'orderId' | 'clientId'>,
    cause: RefundCause,
    amountCents: Cents,
  ): Promise<void> {
    await this.aftercare.recordRefundRequest(manager, line.id, cause, amountCents);
    await this.outbox.record(manager, 'LineRefundRequested', {
      lineId: line.id,
      orderId: line.orderId,
      clientId: line.clientId,
      amountCents,
      cause,
      idempotencyKey: refundIdempotencyKey(line.id, cause),
    });
  }

  /** The order's spec status follows its lines (OrderStatusChanged reason 'line-changed' when it changes). */
  private async deriveOrderStatus(manager: EntityManager, orderId: number, changedBy: number | null): Promise<void> {
    const order = await this.orderTransitions.lock(manager, orderId);
    if (!order) return;
    const lines = await this.orders.linesOf(manager, orderId);
    const derived = orderStatusOfLines(lines.map((l) => l.lineStatus));
    await this.orderTransitions.change(manager, order, derived, { changedBy, reason: 'line-changed' });
  }
}
