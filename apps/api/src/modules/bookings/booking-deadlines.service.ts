import { Inject, Injectable } from '@nestjs/common';
import { autoDoneAt, isDateCancellationRefundKey, todayIn, type EventPayload } from '@oficios/domain';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OutboxService } from '../outbox';
import { BookingDateCancellationsRepository } from './booking-date-cancellations.repository';
import { BookingTransitions } from './booking-transitions.service';
import { BookingsRepository } from './bookings.repository';
import { DisputesRepository } from './disputes.repository';

/**
 * What the system does to bookings by itself: an unanswered one expires at its deadline, a confirmed one becomes done
 * by itself, a refund the provider settled is recorded, and whatever is overdue is found (`sweep`, by the
 * reconciler: deadlines survive a lost delayed job).
 */
@Injectable()
export class BookingDeadlines {
  constructor(
    private readonly outbox: OutboxService,
    private readonly lines: BookingTransitions,
    private readonly bookings: BookingsRepository,
    private readonly disputes: DisputesRepository,
    private readonly dateCancellations: BookingDateCancellationsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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

  /** When a confirmed booking becomes done by itself: AUTO_DONE_HOURS after its last date. */
  private autoDoneAtOf(lastDate: string): number {
    return autoDoneAt(lastDate, this.config.bookings.autoDoneHours, this.config.bookings.timeZone);
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
      const dueAt = this.autoDoneAtOf(line.dates[line.dates.length - 1]);
      const early = dueAt - this.clock.now().getTime();
      if (early > 0) return { done: false, notBefore: Date.now() + early };
      await this.lines.move(manager, line, 'auto_done', { actor: 'system', actorId: null });
      return { done: true, notBefore: null };
    });
  }

  /**
   * BookingRefundSettled: the booking's refund record says how it ended; an approved refund is added to the line, and a line
   * that had left its path is refunded.
   */
  async settleRefund(payload: EventPayload<'BookingRefundSettled'>): Promise<void> {
    await this.outbox.transaction(async (manager) => {
      const line = await this.lines.lockIfExists(manager, payload.lineId);
      if (!line) return;
      // A failed refund is the administrators' (payments alerts them); the line keeps its status.
      if (payload.status !== 'approved') return;
      if (isDateCancellationRefundKey(payload.idempotencyKey)) {
        // Some dates cancelled: the booking goes on where it is; the refund is added once, whatever the redeliveries.
        if (await this.dateCancellations.settleRefund(manager, payload.idempotencyKey as string, this.clock.now()))
          await this.bookings.setFields(manager, line.id, { refundedCents: line.refundedCents + payload.amountCents });
        return;
      }
      // Once refunded, a redelivered settlement changes nothing.
      if (line.lineStatus === 'refunded') return;
      if (payload.cause === 'dispute') {
        // The line stays where it is (done: the work happened); the refund is added once, whatever the redeliveries.
        if (await this.disputes.settleDisputeRefund(manager, line.id, this.clock.now()))
          await this.bookings.setFields(manager, line.id, { refundedCents: line.refundedCents + payload.amountCents });
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
    for (const lineId of await this.bookings.overdueResponses(now)) if (await this.expireIfUnanswered(lineId)) expiredLines.push(lineId);
    const doneLines: number[] = [];
    for (const { id, lastDate } of await this.bookings.confirmedEndedBefore(todayIn(now, this.config.bookings.timeZone)))
      if (this.autoDoneAtOf(lastDate) <= now.getTime() && (await this.autoDoneIfDue(id))) doneLines.push(id);
    return { expiredLines, doneLines };
  }
}
