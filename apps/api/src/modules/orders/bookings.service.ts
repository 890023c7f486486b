import { Inject, Injectable } from '@nestjs/common';
import { autoDoneAt, todayIn, type DeclineBooking, type EventPayload, type OrderDetailView } from '@oficios/domain';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { forbidden, notFound } from '../../common/errors/app-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OutboxService } from '../outbox';
import { LineTransitions } from './line-transitions.service';
import { OrderViews } from './order-views';
import { AftercareRepository } from './aftercare.repository';
import { OrderRecordsRepository } from './order-records.repository';
import { OrdersRepository } from './orders.repository';

/**
 * The bookings' own actions (`/api/bookings/{lineId}/…`) and the system's: the professional accepts or declines a
 * paid booking, an unanswered one expires at its deadline, a confirmed one becomes done by itself, a refund the
 * provider settled is recorded, and whatever is overdue is found (`sweep`, by the reconciler: deadlines survive a
 * lost delayed job).
 */
@Injectable()
export class BookingsService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly lines: LineTransitions,
    private readonly orders: OrdersRepository,
    private readonly records: OrderRecordsRepository,
    private readonly aftercare: AftercareRepository,
    private readonly views: OrderViews,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async lineView(lineId: number): Promise<OrderDetailView> {
    const record = await this.records.lineView(lineId);
    if (!record) throw notFound(`No existe la reserva ${lineId}`);
    return (await this.views.lines([record]))[0];
  }

  /** A move of one of the professional's own lines (403 for anyone else's). */
  private async byProfessional(actor: SessionUserClaims, lineId: number, event: 'accepted' | 'declined', reason?: string) {
    await this.outbox.transaction(async (manager) => {
      const line = await this.lines.lock(manager, lineId);
      if (line.professionalId !== actor.id) throw forbidden('not_allowed', 'Solo el profesional de la reserva puede responderla');
      await this.lines.move(
        manager,
        line,
        event,
        { actor: 'professional', actorId: actor.id },
        {
          note: reason ?? null,
          fields: event === 'declined' ? { declineReason: reason ?? null } : undefined,
        },
      );
    });
    return this.lineView(lineId);
  }

  /** `POST /api/bookings/{lineId}/accept`. */
  accept(actor: SessionUserClaims, lineId: number): Promise<OrderDetailView> {
    return this.byProfessional(actor, lineId, 'accepted');
  }

  /** `POST /api/bookings/{lineId}/decline {reason?}`: the client's money is given back in full, the dates freed. */
  decline(actor: SessionUserClaims, lineId: number, { reason }: DeclineBooking): Promise<OrderDetailView> {
    return this.byProfessional(actor, lineId, 'declined', reason || undefined);
  }

  /** The response deadline: a paid line still unanswered at its due time expires (refunded in full). Idempotent. */
  async expireIfUnanswered(lineId: number): Promise<boolean> {
    return (await this.expireOrWait(lineId)).expired;
  }

  /**
   * The same, also telling when to come back: `notBefore` (epoch ms, on the process's real clock) when the line still
   * awaits its professional and its deadline is ahead (a job that ran early waits again rather than being lost).
   */
  async expireOrWait(lineId: number): Promise<{ expired: boolean; notBefore: number | null }> {
    return this.outbox.transaction(async (manager) => {
      const line = await this.lines.lockIfExists(manager, lineId);
      if (!line || line.lineStatus !== 'awaiting_professional' || !line.responseDueAt) return { expired: false, notBefore: null };
      const early = line.responseDueAt.getTime() - this.clock.now().getTime();
      if (early > 0) return { expired: false, notBefore: Date.now() + early };
      await this.lines.move(manager, line, 'response_deadline_passed', { actor: 'system', actorId: null });
      return { expired: true, notBefore: null };
    });
  }

  /** When a confirmed line becomes done by itself (AUTO_DONE_HOURS after its last date); null without dates. */
  private autoDoneAtOf(dates: readonly string[]): number | null {
    if (dates.length === 0) return null;
    return autoDoneAt(dates[dates.length - 1], this.config.bookings.autoDoneHours, this.config.bookings.timeZone);
  }

  /** The auto-done task: a line still confirmed at its auto-done instant becomes done. Idempotent. */
  async autoDoneIfDue(lineId: number): Promise<boolean> {
    return (await this.autoDoneOrWait(lineId)).done;
  }

  /** The same, telling when to come back (`notBefore`, epoch ms) when the line is still confirmed and not yet due. */
  async autoDoneOrWait(lineId: number): Promise<{ done: boolean; notBefore: number | null }> {
    return this.outbox.transaction(async (manager) => {
      const line = await this.lines.lockIfExists(manager, lineId);
      if (!line || line.lineStatus !== 'confirmed') return { done: false, notBefore: null };
      const dueAt = this.autoDoneAtOf(line.dates);
      if (dueAt === null) return { done: false, notBefore: null };
      const early = dueAt - this.clock.now().getTime();
      if (early > 0) return { done: false, notBefore: Date.now() + early };
      await this.lines.move(manager, line, 'auto_done', { actor: 'system', actorId: null });
      return { done: true, notBefore: null };
    });
  }

  /**
   * LineRefundSettled: the line's refund record says how it ended; an approved refund is added to the line, and a line
   * that had left its path is refunded.
   */
  async settleRefund(payload: EventPayload<'LineRefundSettled'>): Promise<void> {
    await this.outbox.transaction(async (manager) => {
      const line = await this.lines.lockIfExists(manager, payload.lineId);
      if (!line) return;
      await this.aftercare.settleRefundRequest(manager, line.id, payload.cause, payload.status);
      // A failed refund is the administrators' (payments alerts them); the line keeps its status.
      if (payload.status !== 'approved') return;
      // Once refunded, a redelivered settlement changes nothing.
      if (line.lineStatus === 'refunded') return;
      if (payload.cause === 'dispute') {
        // The line stays where it is (done: the work happened); the refund is added once, whatever the redeliveries.
        if (await this.aftercare.settleDisputeRefund(manager, line.id, this.clock.now()))
          await this.orders.setLineFields(manager, line.id, { refundedCents: line.refundedCents + payload.amountCents });
        return;
      }
      if (!['declined', 'expired', 'cancelled_by_client', 'cancelled_by_admin'].includes(line.lineStatus)) return;
      await this.lines.move(
        manager,
        line,
        'refunded',
        { actor: 'system', actorId: null },
        {
          note: `Reembolso ${payload.refundId}`,
          fields: { refundedCents: line.refundedCents + payload.amountCents },
        },
      );
    });
  }

  /**
   * Every deadline overdue at the clock's now (the reconciler's, whatever became of their delayed jobs): a paid line
   * unanswered expires, a confirmed line past its auto-done instant is done. Answers what it did. Idempotent (each
   * move is refused once done).
   */
  async sweep(): Promise<{ expiredLines: number[]; doneLines: number[] }> {
    const now = this.clock.now();
    const expiredLines: number[] = [];
    for (const lineId of await this.orders.overdueResponses(now)) if (await this.expireIfUnanswered(lineId)) expiredLines.push(lineId);
    const doneLines: number[] = [];
    for (const { id, lastDate } of await this.orders.confirmedLinesEndedBefore(todayIn(now, this.config.bookings.timeZone)))
      if ((this.autoDoneAtOf([lastDate]) ?? Infinity) <= now.getTime() && (await this.autoDoneIfDue(id))) doneLines.push(id);
    return { expiredLines, doneLines };
  }

  /**
   * The unpaid orders whose payment window has closed (payments expires them). The window is counted on the database's
   * clock, as the order's creation and the provider's link are, not on the bookings' (which tests move).
   */
  overdueUnpaidOrders(): Promise<number[]> {
    return this.orders.unpaidOrdersCreatedBefore(this.config.orders.paymentTimeoutMs);
  }
}
