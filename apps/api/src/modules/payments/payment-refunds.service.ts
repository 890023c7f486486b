import { Inject, Injectable, Logger } from '@nestjs/common';
import { formatMoney, unappliedPaymentRefundKey, type Cents, type EventPayload } from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { OutboxService } from '../outbox';
import type { Payment } from './entities/payment.entity';
import type { PaymentRefund } from './entities/payment-refund.entity';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider';
import { RefundSettlements } from './refund-settlements.service';
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

/** The order has no approved payment to refund from: asking again cannot change that. */
export class NothingToRefundError extends Error {}

/**
 * Refunds through the provider (of bookings, and of whole payments that paid nothing), each made once. The row (one
 * per idempotency key, by the database) is written before the provider is asked, and the provider is always asked with that key: a job killed after the
 * provider refunded and before it recorded the answer asks again with the same key and gets the same refund back, so
 * retries, redelivered events and parallel calls end with one provider refund and one BookingRefundSettled.
 */
@Injectable()
export class PaymentRefundsService {
  private readonly logger = new Logger('Refunds');

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly outbox: OutboxService,
    private readonly payments: PaymentsRepository,
    private readonly refunds: PaymentRefundsRepository,
    private readonly settlements: RefundSettlements,
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
      if (read) await this.outbox.transaction((manager) => this.settlements.settleFromProvider(manager, payment.id, read.refunds));
    }
    return stale.length;
  }

  private async askProvider(opened: OpenedRefund): Promise<void> {
    const answer = await this.provider.refundPayment(opened.providerPaymentId, opened.refund.amountCents, opened.refund.idempotencyKey);
    await this.outbox.transaction((manager) => this.settlements.recordAnswer(manager, opened.refund.id, answer));
    if (answer.status === 'pending') {
      const payment = await this.provider.getPayment(opened.providerPaymentId);
      if (payment)
        await this.outbox.transaction((manager) => this.settlements.settleFromProvider(manager, opened.paymentId, payment.refunds));
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
    if (known?.status === 'requested' && known.providerRefundId === null) await this.failIfPastPayment(manager, known);
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
    if (tooMuch) await this.settlements.settled(manager, refund, payment);
    return { refund, paymentId: payment.id, providerPaymentId: payment.providerPaymentId as string };
  }

  /** A booking's refund written with its request, checked before the provider is first asked: never past what its payment still holds. */
  private async failIfPastPayment(manager: EntityManager, refund: PaymentRefund): Promise<void> {
    const payment = await this.payments.lockById(manager, refund.paymentId);
    if (!payment) return;
    const left = payment.amountCents - ((await this.refunds.committedCents(manager, payment.id)) - refund.amountCents);
    if (refund.amountCents <= left) return;
    const failure = `El reembolso de ${formatMoney(refund.amountCents)} supera lo que queda del pago (${formatMoney(Math.max(left, 0))})`;
    await this.refunds.saveOutcome(manager, refund.id, { status: 'failed', failure });
    Object.assign(refund, { status: 'failed', failure });
    await this.settlements.settled(manager, refund, payment);
  }

  private async reopen(manager: EntityManager, refund: PaymentRefund): Promise<OpenedRefund> {
    const payment = await this.payments.findById(manager, refund.paymentId);
    if (!payment?.providerPaymentId) throw new Error(`El pago ${refund.paymentId} del reembolso ${refund.id} no tiene id del proveedor`);
    return { refund, paymentId: payment.id, providerPaymentId: payment.providerPaymentId };
  }
}
