import { Injectable, Logger } from '@nestjs/common';
import { formatMoney } from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { OrderPayments } from '../orders';
import { OutboxService } from '../outbox';
import type { Payment } from './entities/payment.entity';
import type { PaymentRefund } from './entities/payment-refund.entity';
import type { ProviderRefund, RefundResult } from './payment-provider';
import { PaymentRefundsRepository } from './payment-refunds.repository';
import { PaymentsRepository } from './payments.repository';

/** What a refund gives back, as the logs and the panel name it: a booking, or a whole payment. */
const refundOf = (refund: Pick<PaymentRefund, 'lineId'>) => (refund.lineId === null ? 'el pago entero' : `línea ${refund.lineId}`);

/**
 * How a refund ended, from the provider's answer or its notification: the row settles once, the booking hears of it
 * (BookingRefundSettled), and money still owed shows to the administrators with its order.
 */
@Injectable()
export class RefundSettlements {
  private readonly logger = new Logger('Refunds');

  constructor(
    private readonly outbox: OutboxService,
    private readonly orders: OrderPayments,
    private readonly payments: PaymentsRepository,
    private readonly refunds: PaymentRefundsRepository,
  ) {}

  /** The provider's answer, on a row nobody settled meanwhile (a notification, a parallel job). */
  async recordAnswer(manager: EntityManager, refundId: number, answer: RefundResult): Promise<void> {
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
  async settled(manager: EntityManager, refund: PaymentRefund, payment: Payment | null): Promise<void> {
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
        idempotencyKey: refund.idempotencyKey,
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
