import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  QUEUES,
  expireOrderJobId,
  lineResponseDeadlineJobId,
  type DeclineBooking,
  type EventPayload,
  type OrderDetailView,
} from '@oficios/domain';
import type { Queue } from 'bullmq';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { forbidden, notFound } from '../../common/errors/app-errors';
import { currentRequestId } from '../../common/request-context/request-context';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OutboxService } from '../outbox';
import { LineTransitions } from './line-transitions.service';
import { OrderViews } from './order-views';
import { OrdersRepository } from './orders.repository';

/**
 * The bookings' own actions (`/api/bookings/{lineId}/…`) and the system's: the professional accepts or declines a
 * paid booking, an unanswered one expires at its deadline, a refund the provider settled is recorded, and at start-up
 * anything overdue is processed (deadlines survive a restart even if their delayed job was lost).
 */
@Injectable()
export class BookingsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Bookings');

  constructor(
    private readonly outbox: OutboxService,
    private readonly lines: LineTransitions,
    private readonly orders: OrdersRepository,
    private readonly views: OrderViews,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(QUEUES.payments) private readonly payments: Queue,
  ) {}

  async lineView(lineId: number): Promise<OrderDetailView> {
    const record = await this.orders.lineView(lineId);
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
    return this.outbox.transaction(async (manager) => {
      const line = await this.orders.lockLine(manager, lineId);
      if (!line || line.lineStatus !== 'awaiting_professional' || !line.responseDueAt) return false;
      if (line.responseDueAt.getTime() > this.clock.now().getTime()) return false;
      await this.lines.move(manager, line, 'response_deadline_passed', { actor: 'system', actorId: null });
      return true;
    });
  }

  /** LineStatusChanged to awaiting_professional: its deadline job (one per line, delayed until the due time). */
  async scheduleDeadline(payload: EventPayload<'LineStatusChanged'>): Promise<void> {
    if (payload.to !== 'awaiting_professional') return;
    const line = await this.orders.lineView(payload.lineId);
    if (!line?.responseDueAt) return;
    await this.payments.add(
      'line-response-deadline',
      { lineId: payload.lineId, requestId: currentRequestId() },
      {
        jobId: lineResponseDeadlineJobId(payload.lineId),
        delay: Math.max(0, new Date(line.responseDueAt).getTime() - this.clock.now().getTime()),
      },
    );
  }

  /** LineRefundSettled: an approved refund is recorded on its line, and a line that had left its path is refunded. */
  async settleRefund(payload: EventPayload<'LineRefundSettled'>): Promise<void> {
    if (payload.status !== 'approved') return;
    await this.outbox.transaction(async (manager) => {
      const line = await this.orders.lockLine(manager, payload.lineId);
      // Once refunded, a redelivered settlement changes nothing.
      if (!line || line.lineStatus === 'refunded') return;
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

  /** At start-up of a process that runs workers: overdue deadlines are processed, unpaid orders past the window expire. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.workers.enabled) return;
    await this.sweep().catch((error: Error) => this.logger.warn(`Barrido de reservas vencidas fallido: ${error.message}`));
  }

  /** Everything overdue at the clock's now; answers what it did. Idempotent (each move is refused once done). */
  async sweep(): Promise<{ expiredLines: number[]; expiringOrders: number[] }> {
    const now = this.clock.now();
    const expiredLines: number[] = [];
    for (const lineId of await this.orders.overdueResponses(now)) if (await this.expireIfUnanswered(lineId)) expiredLines.push(lineId);
    const expiringOrders = await this.orders.overdueUnpaidOrders(now, this.config.orders.paymentTimeoutMs);
    // The payments queue expires them (payments also closes their links); the job id makes a present one win.
    for (const orderId of expiringOrders) await this.payments.add('expire-order', { orderId }, { jobId: expireOrderJobId(orderId) });
    return { expiredLines, expiringOrders };
  }
}
