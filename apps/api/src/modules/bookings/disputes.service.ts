import { Inject, Injectable } from '@nestjs/common';
import {
  canOpenDispute,
  centsToPesos,
  disputeRefundCents,
  type AdminDisputeView,
  type AnswerDispute,
  type BookingView,
  type DisputesQuery,
  type OpenDispute,
  type ResolveDispute,
} from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { conflict, invalidInput, notFound } from '../../common/errors/app-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ProfessionalsService } from '../catalog';
import { AccountsService } from '../identity';
import { OutboxService } from '../outbox';
import { notYourBooking } from './booking-cancellations.service';
import { BookingRefunds } from './booking-refunds';
import { BookingTransitions } from './booking-transitions.service';
import { disputeInPesos } from './booking-views';
import { BookingsService } from './bookings.service';
import { DisputesRepository } from './disputes.repository';
import type { Booking } from './entities/booking.entity';

/**
 * A client's report of a problem with a done booking: opened within the window after done, answered by the
 * professional, resolved by an administrator with no refund, part or all of what remains.
 */
@Injectable()
export class DisputesService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly lines: BookingTransitions,
    private readonly disputes: DisputesRepository,
    private readonly refunds: BookingRefunds,
    private readonly views: BookingsService,
    private readonly accounts: AccountsService,
    private readonly catalog: ProfessionalsService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `POST /api/bookings/{lineId}/dispute {reason}`: its client, within the window after done; once per line. */
  async openDispute(actor: SessionUserClaims, lineId: number, { reason }: OpenDispute): Promise<BookingView> {
    await this.outbox.transaction(async (manager) => {
      const line = await this.lines.lock(manager, lineId);
      if (line.clientId !== actor.id) throw notYourBooking();
      const existing = await this.disputes.lockDisputeOfLine(manager, lineId);
      const opening = canOpenDispute({
        doneAt: line.lineStatus === 'done' ? line.doneAt : null,
        now: this.clock.now(),
        disputeWindowHours: this.config.bookings.disputeWindowHours,
        hasDispute: existing !== null,
      });
      if (!opening.allowed) throw conflict('dispute_refused', opening.reason);
      const disputeId = await this.disputes.insertDispute(manager, { lineId, clientId: actor.id, reason });
      await this.recordDisputeEvent(manager, 'DisputeOpened', disputeId, line);
    });
    return this.views.view(lineId);
  }

  /** `POST /api/bookings/{lineId}/dispute/answer {answer}`: its professional, while the dispute is open. */
  async answerDispute(actor: SessionUserClaims, lineId: number, { answer }: AnswerDispute): Promise<BookingView> {
    await this.outbox.transaction(async (manager) => {
      const line = await this.lines.lock(manager, lineId);
      if (line.professionalId !== actor.id) throw notYourBooking();
      const dispute = await this.disputes.lockDisputeOfLine(manager, lineId);
      if (!dispute) throw notFound(`La reserva ${lineId} no tiene un problema reportado`);
      if (dispute.status !== 'open') throw conflict('dispute_refused', 'El problema reportado ya fue resuelto');
      await this.disputes.updateDispute(manager, dispute.id, { professionalAnswer: answer });
      await this.recordDisputeEvent(manager, 'DisputeAnswered', dispute.id, line);
    });
    return this.views.view(lineId);
  }

  /** `GET /api/admin/disputes?status=`: each with its booking, both sides, and both people's names. */
  async list({ status }: DisputesQuery): Promise<AdminDisputeView[]> {
    const records = await this.disputes.disputes(status);
    const [people, professionals] = await Promise.all([
      this.accounts.cardsOf(records.map((record) => record.clientId)),
      this.catalog.summariesOf(records.map((record) => record.professionalId)),
    ]);
    return records.map((record) => {
      const client = people.get(record.clientId);
      const professional = professionals.get(record.professionalId);
      return {
        ...disputeInPesos(record),
        orderId: record.orderId,
        client: { id: record.clientId, firstName: client?.firstName ?? '', lastName: client?.lastName ?? '' },
        professional: {
          id: record.professionalId,
          firstName: professional?.firstName ?? 'Profesional',
          lastName: professional?.lastName ?? `#${record.professionalId}`,
        },
        dates: record.dates,
        amount: centsToPesos(record.reservationAmountCents),
        refundedAmount: centsToPesos(record.refundedCents),
        lineStatus: record.lineStatus,
      };
    });
  }

  /**
   * `POST /api/admin/disputes/{id}/resolve`: no refund, part or all of what remains, given back through payments
   * (BookingRefundRequested, cause `dispute`); the line stays done (the work happened).
   */
  async resolveDispute(
    actor: SessionUserClaims,
    disputeId: number,
    { resolution, refundCents, note }: ResolveDispute,
  ): Promise<AdminDisputeView> {
    await this.outbox.transaction(async (manager) => {
      const found = await this.disputes.findDispute(manager, disputeId);
      if (!found) throw notFound(`No existe el problema reportado ${disputeId}`);
      // Line first, then its dispute: the order the client's and the professional's routes lock them in.
      const line = await this.lines.lock(manager, found.lineId);
      const dispute = (await this.disputes.lockDisputeOfLine(manager, found.lineId))!;
      if (dispute.status !== 'open') throw conflict('dispute_refused', 'El problema reportado ya fue resuelto');
      const refund = disputeRefundCents({
        resolution,
        lineAmountCents: line.reservationAmountCents,
        committedCents: await this.refunds.committedCents(line.id, manager),
        partialCents: refundCents,
      });
      if (!refund.ok) throw invalidInput([{ field: 'refundAmount', message: refund.reason }]);
      await this.disputes.updateDispute(manager, dispute.id, {
        status: 'resolved',
        resolution,
        refundCents: refund.refundCents,
        adminNote: note,
        resolvedBy: actor.id,
        resolvedAt: this.clock.now(),
      });
      if (refund.refundCents > 0) await this.lines.requestRefund(manager, line, 'dispute', refund.refundCents);
      await this.recordDisputeEvent(manager, 'DisputeResolved', dispute.id, line, { resolution, refundCents: refund.refundCents });
    });
    return (await this.list({ status: 'resolved' })).find((dispute) => dispute.id === disputeId)!;
  }

  private async recordDisputeEvent(
    manager: EntityManager,
    type: 'DisputeOpened' | 'DisputeAnswered' | 'DisputeResolved',
    disputeId: number,
    line: Booking,
    resolved?: { resolution: ResolveDispute['resolution']; refundCents: number },
  ): Promise<void> {
    const payload = { disputeId, lineId: line.id, orderId: line.orderId, clientId: line.clientId, professionalId: line.professionalId };
    if (type === 'DisputeResolved') await this.outbox.record(manager, type, { ...payload, ...resolved! });
    else await this.outbox.record(manager, type, payload);
  }
}
