import { Injectable, Logger } from '@nestjs/common';
import { QUEUES, type EventJobData } from '@oficios/domain';
import { UnrecoverableError } from 'bullmq';
import { QueueJob, type JobHandler } from '../../common/queues/job-handler';
import { NothingToRefundError, PaymentRefundsService } from './payment-refunds.service';
import { PaymentsService } from './payments.service';

/** PaymentRequested: the audit line of a payment link handed out. */
@Injectable()
@QueueJob(QUEUES.payments, 'PaymentRequested')
export class PaymentRequestedJob implements JobHandler<EventJobData<'PaymentRequested'>> {
  private readonly logger = new Logger('Payments');

  async handle({ payload }: EventJobData<'PaymentRequested'>): Promise<void> {
    this.logger.log(`Pago ${payload.paymentId} pedido para la orden ${payload.orderId} (preferencia ${payload.preferenceId})`);
  }
}

/**
 * PaymentNotified: read the payment from the provider and move its order. A payment the provider does not know is
 * final: the job fails at once (kept in Bull Board) instead of asking again on every retry.
 */
@Injectable()
@QueueJob(QUEUES.payments, 'PaymentNotified')
export class PaymentNotifiedJob implements JobHandler<EventJobData<'PaymentNotified'>> {
  constructor(private readonly payments: PaymentsService) {}

  async handle({ payload }: EventJobData<'PaymentNotified'>): Promise<void> {
    const outcome = await this.payments.applyProviderPayment(payload.providerPaymentId);
    if (outcome === 'not-found')
      throw new UnrecoverableError(`El pago ${payload.providerPaymentId} no existe en el proveedor: no se reintenta`);
  }
}

/** OrderStatusChanged: a cancelled order's links close; a paid one an administrator cancelled owes its money back. */
@Injectable()
@QueueJob(QUEUES.payments, 'OrderStatusChanged')
export class OrderChangedPaymentsJob implements JobHandler<EventJobData<'OrderStatusChanged'>> {
  constructor(private readonly payments: PaymentsService) {}

  handle({ payload }: EventJobData<'OrderStatusChanged'>): Promise<void> {
    return this.payments.orderChanged(payload);
  }
}

/**
 * BookingRefundRequested: give the line's money back through the provider, once (see PaymentRefundsService). An order
 * with no approved payment is final: the job fails at once, kept in Bull Board.
 */
@Injectable()
@QueueJob(QUEUES.payments, 'BookingRefundRequested')
export class BookingRefundJob implements JobHandler<EventJobData<'BookingRefundRequested'>> {
  constructor(private readonly refunds: PaymentRefundsService) {}

  async handle({ payload }: EventJobData<'BookingRefundRequested'>): Promise<void> {
    try {
      await this.refunds.refundBooking(payload);
    } catch (error) {
      if (error instanceof NothingToRefundError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}

/** PaymentNotApplied: the payment that paid nothing goes back whole (see PaymentRefundsService); nothing to give back is final. */
@Injectable()
@QueueJob(QUEUES.payments, 'PaymentNotApplied')
export class UnappliedPaymentRefundJob implements JobHandler<EventJobData<'PaymentNotApplied'>> {
  constructor(private readonly refunds: PaymentRefundsService) {}

  async handle({ payload }: EventJobData<'PaymentNotApplied'>): Promise<void> {
    try {
      await this.refunds.refundUnappliedPayment(payload);
    } catch (error) {
      if (error instanceof NothingToRefundError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
}

export const PAYMENT_JOBS = [PaymentRequestedJob, PaymentNotifiedJob, OrderChangedPaymentsJob, BookingRefundJob, UnappliedPaymentRefundJob];
