import { Inject, Injectable } from '@nestjs/common';
import {
  canOpenDispute,
  centsToPesos,
  clientCancellationRefund,
  dateLabel,
  disputeRefundCents,
  lastDateHasPassed,
  refundableCents,
  moveLine,
  startOfDateIn,
  type AdminDisputeView,
  type AnswerDispute,
  type BookingDecision,
  type Cents,
  type CancellationQuote,
  type DisputesQuery,
  type OpenDispute,
  type OrderDetailView,
  type ResolveDispute,
} from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { conflict, forbidden, invalidInput, notFound } from '../../common/errors/app-errors';
import { BOOKING_DECISION_PURPOSE, verifyLink } from '../../common/signed-links/signed-links';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ProfessionalsService } from '../catalog';
import { AccountsService } from '../identity';
import { OutboxService } from '../outbox';
import { BookingsService } from './bookings.service';
import type { OrderDetail } from './entities/order-detail.entity';
import { LineTransitions } from './line-transitions.service';
import { disputeInPesos } from './order-views';
import { AftercareRepository } from './aftercare.repository';
import { OrderRecordsRepository } from './order-records.repository';
import { OrdersRepository } from './orders.repository';

const notYourLine = () => forbidden('not_allowed', 'Esta reserva no es tuya');
/**
 * An unpaid line of an order with other unpaid lines is not cancelled alone: the order's one payment link charges the
 * whole amount, so the cart is where the client changes what it buys (checking out again replaces the order).
 */
const UNPAID_WITH_OTHERS =
  'Esta reserva todavía no está pagada y su compra tiene otras: quítala de tu carrito y vuelve a pedir el pago, o cancela la compra entera';
const DECISION_LINK_REFUSED = 'El enlace no es válido o ya venció: responde desde tu perfil, en "Trabajos"';

/**
 * What happens to a booking after it is paid, besides accept/decline (issue 11, flows 3–5): the client's and the
 * professional's cancellations, marking the work done, disputes and their resolution, and the decision from the
 * professional's mail. Every move is one call of LineTransitions (moveLine decides; 409 with its reason).
 */
@Injectable()
export class AftercareService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly lines: LineTransitions,
    private readonly orders: OrdersRepository,
    private readonly records: OrderRecordsRepository,
    private readonly aftercare: AftercareRepository,
    private readonly bookings: BookingsService,
    private readonly accounts: AccountsService,
    private readonly catalog: ProfessionalsService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * What the client would get back for cancelling the line now, or why it cannot (the line's money in cents, less the
   * refunds already asked for it: `committedCents`).
   */
  private quoteOf(
    line: Pick<OrderDetail, 'lineStatus' | 'reservationAmountCents' | 'dates'>,
    otherUnpaidLines: number,
    committedCents: Cents,
  ): { allowed: true; refundCents: number; kind: 'full' | 'partial' | 'none' } | { allowed: false; reason: string } {
    const decided = moveLine(line.lineStatus, 'client_cancelled', 'client');
    if (!decided.ok) return { allowed: false, reason: decided.reason };
    if (line.lineStatus === 'awaiting_payment' && otherUnpaidLines > 0) return { allowed: false, reason: UNPAID_WITH_OTHERS };
    if (decided.refund === 'none') return { allowed: true, refundCents: 0, kind: 'none' };
    const { timeZone, fullRefundHours, lateRefundPercent } = this.config.bookings;
    const refund = clientCancellationRefund({
      amountCents: refundableCents(line.reservationAmountCents, committedCents),
      // A line without dates (booked before dates existed) has no first day to count from: it may be cancelled in full.
      firstDateStartsAt: line.dates.length > 0 ? startOfDateIn(line.dates[0], timeZone) : Number.MAX_SAFE_INTEGER,
      now: this.clock.now(),
      fullRefundHours,
      lateRefundPercent,
    });
    return refund.allowed ? { allowed: true, refundCents: refund.refundCents, kind: refund.kind } : refund;
  }

  /** `GET /api/bookings/{lineId}/cancellation` (its client). */
  async cancellationQuote(actor: SessionUserClaims, lineId: number): Promise<CancellationQuote> {
    const line = await this.records.lineView(lineId);
    if (!line) throw notFound(`No existe la reserva ${lineId}`);
    if (line.clientId !== actor.id) throw notYourLine();
    const [otherUnpaid, committed] = await Promise.all([this.orders.otherUnpaidLinesOf(line), this.aftercare.committedRefundCents(lineId)]);
    const quote = this.quoteOf(line, otherUnpaid, committed);
    return quote.allowed ? { allowed: true, refundAmount: centsToPesos(quote.refundCents), kind: quote.kind } : quote;
  }

  /**
   * `POST /api/bookings/{lineId}/cancel`: its client cancels (the policy's refund, computed here once and carried by
   * the refund request: a retried refund never recomputes it); its professional cancels a confirmed line (full refund).
   */
  async cancel(actor: SessionUserClaims, lineId: number): Promise<OrderDetailView> {
    await this.outbox.transaction(async (manager) => {
      const line = await this.lines.lock(manager, lineId);
      if (actor.id === line.clientId) {
        const quote = this.quoteOf(
          line,
          await this.orders.otherUnpaidLinesOf(line, manager),
          await this.aftercare.committedRefundCents(line.id, manager),
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
      } else throw notYourLine();
    });
    return this.bookings.lineView(lineId);
  }

  /** `POST /api/bookings/{lineId}/done`: its professional, once the last date is over. */
  async markDone(actor: SessionUserClaims, lineId: number): Promise<OrderDetailView> {
    await this.outbox.transaction(async (manager) => {
      const line = await this.lines.lock(manager, lineId);
      if (line.professionalId !== actor.id) throw notYourLine();
      const decided = moveLine(line.lineStatus, 'marked_done', 'professional');
      if (!decided.ok) throw conflict('line_move_refused', decided.reason);
      const lastDate = line.dates[line.dates.length - 1];
      if (lastDate && !lastDateHasPassed(lastDate, this.clock.now(), this.config.bookings.timeZone))
        throw conflict('line_move_refused', `La reserva se puede marcar como realizada después de su último día (${dateLabel(lastDate)})`);
      await this.lines.move(manager, line, 'marked_done', { actor: 'professional', actorId: actor.id });
    });
    return this.bookings.lineView(lineId);
  }

  /** `POST /api/bookings/{lineId}/dispute {reason}`: its client, within the window after done; once per line. */
  async openDispute(actor: SessionUserClaims, lineId: number, { reason }: OpenDispute): Promise<OrderDetailView> {
    await this.outbox.transaction(async (manager) => {
      const line = await this.lines.lock(manager, lineId);
      if (line.clientId !== actor.id) throw notYourLine();
      const existing = await this.aftercare.lockDisputeOfLine(manager, lineId);
      const opening = canOpenDispute({
        doneAt: line.lineStatus === 'done' ? line.doneAt : null,
        now: this.clock.now(),
        disputeWindowHours: this.config.bookings.disputeWindowHours,
        hasDispute: existing !== null,
      });
      if (!opening.allowed) throw conflict('dispute_refused', opening.reason);
      const disputeId = await this.aftercare.insertDispute(manager, { lineId, clientId: actor.id, reason });
      await this.recordDisputeEvent(manager, 'DisputeOpened', disputeId, line);
    });
    return this.bookings.lineView(lineId);
  }

  /** `POST /api/bookings/{lineId}/dispute/answer {answer}`: its professional, while the dispute is open. */
  async answerDispute(actor: SessionUserClaims, lineId: number, { answer }: AnswerDispute): Promise<OrderDetailView> {
    await this.outbox.transaction(async (manager) => {
      const line = await this.lines.lock(manager, lineId);
      if (line.professionalId !== actor.id) throw notYourLine();
      const dispute = await this.aftercare.lockDisputeOfLine(manager, lineId);
      if (!dispute) throw notFound(`La reserva ${lineId} no tiene un problema reportado`);
      if (dispute.status !== 'open') throw conflict('dispute_refused', 'El problema reportado ya fue resuelto');
      await this.aftercare.updateDispute(manager, dispute.id, { professionalAnswer: answer });
      await this.recordDisputeEvent(manager, 'DisputeAnswered', dispute.id, line);
    });
    return this.bookings.lineView(lineId);
  }

  /** `GET /api/admin/disputes?status=`: each with its booking, both sides, and both people's names. */
  async disputes({ status }: DisputesQuery): Promise<AdminDisputeView[]> {
    const records = await this.aftercare.disputes(status);
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
   * (LineRefundRequested, cause `dispute`); the line stays done (the work happened).
   */
  async resolveDispute(
    actor: SessionUserClaims,
    disputeId: number,
    { resolution, refundCents, note }: ResolveDispute,
  ): Promise<AdminDisputeView> {
    await this.outbox.transaction(async (manager) => {
      const found = await this.aftercare.findDispute(manager, disputeId);
      if (!found) throw notFound(`No existe el problema reportado ${disputeId}`);
      // Line first, then its dispute: the order the client's and the professional's routes lock them in.
      const line = await this.lines.lock(manager, found.lineId);
      const dispute = (await this.aftercare.lockDisputeOfLine(manager, found.lineId))!;
      if (dispute.status !== 'open') throw conflict('dispute_refused', 'El problema reportado ya fue resuelto');
      const refund = disputeRefundCents({
        resolution,
        lineAmountCents: line.reservationAmountCents,
        committedCents: await this.aftercare.committedRefundCents(line.id, manager),
        partialCents: refundCents,
      });
      if (!refund.ok) throw invalidInput([{ field: 'refundAmount', message: refund.reason }]);
      await this.aftercare.updateDispute(manager, dispute.id, {
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
    return (await this.disputes({ status: 'resolved' })).find((dispute) => dispute.id === disputeId)!;
  }

  /**
   * `POST /api/bookings/decision {token, action, reason?}` (public): the signed link of the professional's mail
   * accepts or declines as that professional. A used link finds the line no longer awaiting it (409 with the reason).
   */
  async decide({ token, action, reason }: BookingDecision): Promise<OrderDetailView> {
    const facts = verifyLink(this.config.session.secret, BOOKING_DECISION_PURPOSE, token, this.clock.now().getTime());
    const lineId = Number(facts?.lineId);
    const professionalId = Number(facts?.professionalId);
    if (!facts || !Number.isSafeInteger(lineId) || !Number.isSafeInteger(professionalId))
      throw invalidInput([{ field: 'token', message: DECISION_LINK_REFUSED }], 'invalid_link');
    await this.outbox.transaction(async (manager) => {
      const line = await this.lines.lock(manager, lineId);
      if (line.professionalId !== professionalId) throw invalidInput([{ field: 'token', message: DECISION_LINK_REFUSED }], 'invalid_link');
      const by = { actor: 'professional' as const, actorId: professionalId };
      if (action === 'accept') await this.lines.move(manager, line, 'accepted', by);
      else
        await this.lines.move(manager, line, 'declined', by, {
          note: reason || null,
          fields: { declineReason: reason || null },
        });
    });
    return this.bookings.lineView(lineId);
  }

  private async recordDisputeEvent(
    manager: EntityManager,
    type: 'DisputeOpened' | 'DisputeAnswered' | 'DisputeResolved',
    disputeId: number,
    line: OrderDetail,
    resolved?: { resolution: ResolveDispute['resolution']; refundCents: number },
  ): Promise<void> {
    const payload = { disputeId, lineId: line.id, orderId: line.orderId, clientId: line.clientId, professionalId: line.professionalId };
    if (type === 'DisputeResolved') await this.outbox.record(manager, type, { ...payload, ...resolved! });
    else await this.outbox.record(manager, type, payload);
  }
}
