import { Inject, Injectable, Logger } from '@nestjs/common';
import { formatMoney, type EventPayload } from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { OrderPayments } from '../orders';
import { OutboxService } from '../outbox';
import type { Payment } from './entities/payment.entity';
import type { PaymentRefund } from './entities/payment-refund.entity';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderRefund, type RefundResult } from './payment-provider';
import { PaymentRefundsRepository } from './payment-refunds.repository';
import { PaymentsRepository } from './payments.repository';

export type LineRefundRequest = EventPayload<'LineRefundRequested'>;

type OpenedRefund = { refund: PaymentRefund; paymentId: number; providerPaymentId: string };

/** The order has no approved payment to refund from: asking again cannot change that. */
export class NothingToRefundError extends Error {}

/**
 * Refunds of order lines through the provider, each made once. The row (one per idempotency key, by the database) is
 * written before the provider is asked, and the provider is always asked with that key: a job killed after the
 * provider refunded and before it recorded the answer asks again with the same key and gets the same refund back, so
 * retries, redelivered events and parallel calls end with one provider refund and one LineRefundSettled.
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

  /** LineRefundRequested: refund the line from the order's approved payment, once. */
  async refundLine(request: LineRefundRequest): Promise<void> {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
      this.logger.warn(`Reembolso ${request.idempotencyKey} de ${request.amountCents} centavos: no hay nada que devolver`);
      return;
    }
    const opened = await this.outbox.transaction((manager) => this.open(manager, request));
    if (opened.refund.status !== 'requested') return;
    const answer = await this.provider.refundPayment(opened.providerPaymentId, opened.refund.amountCents, opened.refund.idempotencyKey);
    await this.outbox.transaction((manager) => this.recordAnswer(manager, opened.refund.id, answer));
    // In process at the provider: its notification settles it. One that came before the id was recorded found no
    // row to settle, so the payment is read once more now that the row has the id.
    if (answer.status === 'pending') {
      const payment = await this.provider.getPayment(opened.providerPaymentId);
      if (payment) await this.outbox.transaction((manager) => this.settleFromProvider(manager, opened.paymentId, payment.refunds));
    }
  }

  /**
   * The refund's row: the one its key has already (a retry, a redelivery), or a new one, requested, when the payment
   * still holds the amount; failed (and settled as such) when it does not. The payment is locked meanwhile, so
   * refunds of one payment are counted one at a time and never add up to more than it.
   */
  private async open(manager: EntityManager, request: LineRefundRequest): Promise<OpenedRefund> {
    // Asked before (a retry, a redelivery): the same refund of the same payment, whatever the order's payments are now.
    const known = await this.refunds.findByKey(manager, request.idempotencyKey);
    if (known) return this.reopen(manager, known);
    const payment = await this.payments.lockPaidPayment(manager, request.orderId);
    if (!payment?.providerPaymentId)
      throw new NothingToRefundError(
        `La orden ${request.orderId} no tiene un pago aprobado: no se puede reembolsar la línea ${request.lineId}`,
      );
    const left = payment.amountCents - (await this.refunds.committedCents(manager, payment.id));
    const tooMuch = request.amountCents > left;
    const refund = await this.refunds.insertOnce(manager, {
      paymentId: payment.id,
      orderId: request.orderId,
      lineId: request.lineId,
      clientId: request.clientId,
      cause: request.cause,
      amountCents: request.amountCents,
      idempotencyKey: request.idempotencyKey,
      ...(tooMuch
        ? {
            status: 'failed' as const,
            failure: `El reembolso de ${formatMoney(request.amountCents)} supera lo que queda del pago (${formatMoney(Math.max(left, 0))})`,
          }
        : {}),
    });
    // The key was taken meanwhile (a parallel request of the same refund): that one goes on.
    if (!refund) {
      const taken = await this.refunds.findByKey(manager, request.idempotencyKey);
      if (!taken) throw new Error(`El reembolso ${request.idempotencyKey} no está ni se pudo registrar`);
      return this.reopen(manager, taken);
    }
    if (tooMuch) await this.settled(manager, refund, payment);
    return { refund, paymentId: payment.id, providerPaymentId: payment.providerPaymentId };
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

  /** A settled refund: orders hears of it; a failed one is money still owed, which the administrators see. */
  private async settled(manager: EntityManager, refund: PaymentRefund, payment: Payment | null): Promise<void> {
    if (refund.status === 'requested') return;
    await this.outbox.record(manager, 'LineRefundSettled', {
      refundId: refund.id,
      lineId: refund.lineId,
      orderId: refund.orderId,
      clientId: refund.clientId,
      amountCents: refund.amountCents,
      cause: refund.cause,
      status: refund.status,
    });
    if (refund.status === 'approved') {
      this.logger.log(`Reembolso ${refund.id} (línea ${refund.lineId}, ${formatMoney(refund.amountCents)}) aprobado`);
      return;
    }
    this.logger.warn(`Reembolso ${refund.id} (línea ${refund.lineId}) falló: ${refund.failure ?? ''}`);
    if (!payment) return;
    const reason = [
      payment.reviewReason,
      `Reembolso de ${formatMoney(refund.amountCents)} de la línea ${refund.lineId} falló (${refund.failure ?? 'sin motivo'}): hay que devolverlo`,
    ]
      .filter(Boolean)
      .join('; ')
      .slice(0, 500);
    await this.payments.update(manager, payment.id, { refundDue: true, reviewReason: reason });
    await this.orders.reportAlert(manager, {
      orderId: payment.orderId,
      paymentId: payment.id,
      needsReview: payment.needsReview,
      refundDue: true,
      reason,
    });
  }
}
