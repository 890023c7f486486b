import { Inject, Injectable, Logger } from '@nestjs/common';
import { formatMoney, unappliedPaymentRefundKey, type Cents, type EventPayload } from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { OrderPayments } from '../orders';
import { OutboxService } from '../outbox';
import type { Payment } from './entities/payment.entity';
import type { PaymentRefund } from './entities/payment-refund.entity';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderRefund, type RefundResult } from './payment-provider';
import { PaymentRefundsRepository } from './payment-refunds.repository';
import { PaymentsRepository } from './payments.repository';

export type BookingRefundRequest = EventPayload<'BookingRefundRequested'>;

type OpenedRefund = { refund: PaymentRefund; paymentId: number; providerPaymentId: string };

/** A refund to open: its key, the payment it comes from (locked; throws NothingToRefundError when there is none), and what it gives back. */
interface RefundAsked {
  key: string;
  payment: () => Promise<Payment>;
  refund: Pick<PaymentRefund, 'lineId' | 'clientId' | 'cause'> & { amountCents: Cents | 'rest' };
}

/** What a refund gives back, as the logs and the panel name it: a line, or a whole payment. */
const refundOf = (refund: Pick<PaymentRefund, 'lineId'>) => (refund.lineId === null ? 'el pago entero' : `línea ${refund.lineId}`);

/** The order has no approved payment to refund from: asking again cannot change that. */
export class NothingToRefundError extends Error {}

/**
 * Refunds through the provider (of order lines, and of whole payments that paid nothing), each made once. The row (one per idempotency key, by the database) is
 * written before the provider is asked, and the provider is always asked with that key: a job killed after the
 * provider refunded and before it recorded the answer asks again with the same key and gets the same refund back, so
 * retries, redelivered events and parallel calls end with one provider refund and one BookingRefundSettled.
 */
@Injectable()
export class PaymentRefundsService {
  private readonly logger = new Logger('Refunds');

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly outbox: OutboxService,
    private readonly orders: OrderPayments,
    private readonly payments: PaymentsRepository,
    private readonly refunds: PaymentRefundsRepository,
  ) {}

  /** BookingRefundRequested: refund the line from the order's approved payment, once. */
  async refundBooking(request: BookingRefundRequest): Promise<void> {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
      this.logger.warn(`Reembolso ${request.idempotencyKey} de ${request.amountCents} centavos: no hay nada que devolver`);
      return;
    }
    await this.refund((manager) =>
      this.open(manager, {
        key: request.idempotencyKey,
        payment: async () => {
          const payment = await this.payments.lockPaidPayment(manager, request.orderId);
          if (!payment?.providerPaymentId)
            throw new NothingToRefundError(
              `La orden ${request.orderId} no tiene un pago aprobado: no se puede reembolsar la línea ${request.lineId}`,
            );
          return payment;
        },
        refund: { lineId: request.lineId, clientId: request.clientId, cause: request.cause, amountCents: request.amountCents },
      }),
    );
  }

  /** PaymentNotApplied: the whole payment (what is left of it) goes back to its payer, once. */
  async refundUnappliedPayment(notice: EventPayload<'PaymentNotApplied'>): Promise<void> {
    await this.refund((manager) =>
      this.open(manager, {
        key: unappliedPaymentRefundKey(notice.paymentId),
        payment: async () => {
          const payment = await this.payments.lockById(manager, notice.paymentId);
          if (payment?.status !== 'approved' || !payment.providerPaymentId)
            throw new NothingToRefundError(`El pago ${notice.paymentId} no está aprobado: no hay nada que devolver`);
          return payment;
        },
        refund: { lineId: null, clientId: notice.clientId, cause: 'not_applied', amountCents: 'rest' },
      }),
    );
  }

  /**
   * Asks the provider for the refund `open` answers, unless it is settled already, and records the answer (askProvider).
   * One still in process at the provider is settled by its notification; one that came before the id was recorded
   * found no row to settle, so the payment is read once more now that the row has the id.
   */
  private async refund(open: (manager: EntityManager) => Promise<OpenedRefund>): Promise<void> {
    const opened = await this.outbox.transaction(open);
    if (opened.refund.status !== 'requested') return;
    await this.askProvider(opened);
  }

  /**
   * The reconciliation's: refunds asked before `before` and still unsettled are asked again with their key (the
   * provider answers the refund it made, or makes it now), or, when the provider keeps one in process, read back from
   * the payment. Answers how many it went through.
   */
  async settleStale(before: Date): Promise<number> {
    const stale = await this.refunds.requestedBefore(before);
    for (const refund of stale) {
      const payment = await this.outbox.transaction((manager) => this.payments.findById(manager, refund.paymentId));
      if (!payment?.providerPaymentId) continue;
      if (refund.providerRefundId === null) {
        await this.askProvider({ refund, paymentId: payment.id, providerPaymentId: payment.providerPaymentId });
        continue;
      }
      const read = await this.provider.getPayment(payment.providerPaymentId);
      if (read) await this.outbox.transaction((manager) => this.settleFromProvider(manager, payment.id, read.refunds));
    }
    return stale.length;
  }

  private async askProvider(opened: OpenedRefund): Promise<void> {
    const answer = await this.provider.refundPayment(opened.providerPaymentId, opened.refund.amountCents, opened.refund.idempotencyKey);
    await this.outbox.transaction((manager) => this.recordAnswer(manager, opened.refund.id, answer));
    if (answer.status === 'pending') {
      const payment = await this.provider.getPayment(opened.providerPaymentId);
      if (payment) await this.outbox.transaction((manager) => this.settleFromProvider(manager, opened.paymentId, payment.refunds));
    }
  }

  /**
   * The refund's row: the one its key has already (a retry, a redelivery), or a new one, requested, when the payment
   * still holds the amount (`'rest'`: all it still holds); failed (and settled as such) when it does not. The payment
   * is locked meanwhile, so refunds of one payment are counted one at a time and never add up to more than it.
   */
  private async open(manager: EntityManager, asked: RefundAsked): Promise<OpenedRefund> {
    // Asked before (a retry, a redelivery): the same refund of the same payment, whatever the order's payments are now.
    const known = await this.refunds.findByKey(manager, asked.key);
    if (known) return this.reopen(manager, known);
    const payment = await asked.payment();
    const left = payment.amountCents - (await this.refunds.committedCents(manager, payment.id));
    const amountCents = asked.refund.amountCents === 'rest' ? left : asked.refund.amountCents;
    if (amountCents <= 0) throw new NothingToRefundError(`El pago ${payment.id} ya fue devuelto por completo`);
    const tooMuch = amountCents > left;
    const refund = await this.refunds.insertOnce(manager, {
      paymentId: payment.id,
      orderId: payment.orderId,
      lineId: asked.refund.lineId,
      clientId: asked.refund.clientId,
      cause: asked.refund.cause,
      amountCents,
      idempotencyKey: asked.key,
      ...(tooMuch
        ? {
            status: 'failed' as const,
            failure: `El reembolso de ${formatMoney(amountCents)} supera lo que queda del pago (${formatMoney(Math.max(left, 0))})`,
          }
        : {}),
    });
    // The key was taken meanwhile (a parallel request of the same refund): that one goes on.
    if (!refund) {
      const taken = await this.refunds.findByKey(manager, asked.key);
      if (!taken) throw new Error(`El reembolso ${asked.key} no está ni se pudo registrar`);
      return this.reopen(manager, taken);
    }
    if (tooMuch) await this.settled(manager, refund, payment);
    return { refund, paymentId: payment.id, providerPaymentId: payment.providerPaymentId as string };
  }

  private async reopen(manager: EntityManager, refund: PaymentRefund): Promise<OpenedRefund> {
    const payment = await this.payments.findById(manager, refund.paymentId);
    if (!payment?.providerPaymentId) throw new Error(`El pago ${refund.paymentId} del reembolso ${refund.id} no tiene id del proveedor`);
    return { refund, paymentId: payment.id, providerPaymentId: payment.providerPaymentId };
  }

  /** The provider's answer, on a row nobody settled meanwhile (a notification, a parallel job). */
  private async recordAnswer(manager: EntityManager, refundId: number, answer: RefundResult): Promise<void> {
    const refund = await this.refunds.lock(manager, refundId);
    if (!refund || refund.status !== 'requested') return;
    if (answer.status === 'pending') {
      await this.refunds.saveOutcome(manager, refund.id, { providerRefundId: answer.refundId });
      return;
    }
    await this.settle(manager, refund, { status: answer.status, providerRefundId: answer.refundId, failure: answer.failure });
  }

  /**
   * A payment read back from the provider (its notification, or after a refund it kept in process): its refunds that
   * are final settle our rows still requested with their id. Those settled already are not touched again, so the same
   * notification replayed changes nothing.
   */
  async settleFromProvider(manager: EntityManager, paymentId: number, providerRefunds: ProviderRefund[]): Promise<void> {
    const final = new Map(providerRefunds.filter((refund) => refund.status !== 'pending').map((refund) => [refund.id, refund]));
    const rows = await this.refunds.requestedByProviderIds(manager, paymentId, [...final.keys()]);
    for (const refund of rows) {
      const status = final.get(refund.providerRefundId as string)?.status === 'approved' ? 'approved' : 'failed';
      await this.settle(manager, refund, { status, failure: status === 'failed' ? 'El proveedor rechazó el reembolso' : null });
    }
  }

  private async settle(
    manager: EntityManager,
    refund: PaymentRefund,
    outcome: { status: 'approved' | 'failed'; providerRefundId?: string | null; failure: string | null },
  ): Promise<void> {
    const fields = {
      status: outcome.status,
      failure: outcome.failure?.slice(0, 500) ?? null,
      ...(outcome.providerRefundId ? { providerRefundId: outcome.providerRefundId } : {}),
    };
    await this.refunds.saveOutcome(manager, refund.id, fields);
    Object.assign(refund, fields);
    const payment = outcome.status === 'failed' ? await this.payments.findById(manager, refund.paymentId) : null;
    await this.settled(manager, refund, payment);
  }

  /**
   * A settled refund: orders hears of a line's; a whole payment given back clears its alert; a failed one is money
   * still owed, which the administrators see.
   */
  private async settled(manager: EntityManager, refund: PaymentRefund, payment: Payment | null): Promise<void> {
    if (refund.status === 'requested') return;
    if (refund.lineId !== null && refund.cause !== 'not_applied')
      await this.outbox.record(manager, 'BookingRefundSettled', {
        refundId: refund.id,
        lineId: refund.lineId,
        orderId: refund.orderId,
        clientId: refund.clientId,
        amountCents: refund.amountCents,
        cause: refund.cause,
        status: refund.status,
      });
    if (refund.status === 'approved') {
      this.logger.log(`Reembolso ${refund.id} (${refundOf(refund)}, ${formatMoney(refund.amountCents)}) aprobado`);
      if (refund.lineId === null) await this.givenBack(manager, refund);
      return;
    }
    this.logger.warn(`Reembolso ${refund.id} (${refundOf(refund)}) falló: ${refund.failure ?? ''}`);
    if (!payment) return;
    await this.noteOnPayment(manager, payment, {
      refundDue: true,
      note: `Reembolso de ${formatMoney(refund.amountCents)} ${refund.lineId === null ? 'del pago' : `de la línea ${refund.lineId}`} falló (${refund.failure ?? 'sin motivo'}): hay que devolverlo`,
    });
  }

  /** A whole payment given back by itself: nothing is owed any more, and the panel says how it ended. */
  private async givenBack(manager: EntityManager, refund: PaymentRefund): Promise<void> {
    const payment = await this.payments.findById(manager, refund.paymentId);
    if (!payment) return;
    await this.noteOnPayment(manager, payment, {
      refundDue: false,
      note: `devuelto automáticamente (${formatMoney(refund.amountCents)}, reembolso ${refund.providerRefundId ?? refund.id})`,
    });
  }

  /** What the administrators read of a payment with its order: whether money is still owed, and one more line of why. */
  private async noteOnPayment(
    manager: EntityManager,
    payment: Payment,
    { refundDue, note }: { refundDue: boolean; note: string },
  ): Promise<void> {
    const reason = [payment.reviewReason, note].filter(Boolean).join('; ').slice(0, 500);
    await this.payments.update(manager, payment.id, { refundDue, reviewReason: reason });
    await this.orders.reportAlert(manager, {
      orderId: payment.orderId,
      paymentId: payment.id,
      needsReview: payment.needsReview,
      refundDue,
      reason,
    });
  }
}
