import { Injectable } from '@nestjs/common';
import { QUEUES, type ExpireOrderJobData } from '@oficios/domain';
import { QueueJob, type JobHandler } from '../../common/queues/job-handler';
import { OrderPayments } from './order-payments.service';

/** The delayed job: cancel the order if nobody paid it in time (its payment links close when payments hears of it). */
@Injectable()
@QueueJob(QUEUES.orders, 'expire-order')
export class ExpireOrderJob implements JobHandler<ExpireOrderJobData> {
  constructor(private readonly payments: OrderPayments) {}

  async handle({ orderId }: ExpireOrderJobData): Promise<void> {
    await this.payments.expireUnpaid(orderId);
  }
}

export const ORDER_JOBS = [ExpireOrderJob];
