import { Injectable } from '@nestjs/common';
import { QUEUES, type EventJobData, type TaskJobData } from '@oficios/domain';
import { JobNotDue, QueueJob, type JobHandler } from '../../common/queues/job-handler';
import { BookingsService } from './bookings.service';

/** The delayed job: the professional did not answer in time (early, it waits again for the rest). */
@Injectable()
@QueueJob(QUEUES.payments, 'line-response-deadline')
export class LineResponseDeadlineJob implements JobHandler<TaskJobData<'line-response-deadline'>> {
  constructor(private readonly bookings: BookingsService) {}

  async handle({ lineId }: TaskJobData<'line-response-deadline'>): Promise<void> {
    const { notBefore } = await this.bookings.expireOrWait(lineId);
    if (notBefore !== null) throw new JobNotDue(notBefore);
  }
}

/** The delayed job: a confirmed booking nobody marked done, AUTO_DONE_HOURS after its last date. */
@Injectable()
@QueueJob(QUEUES.payments, 'line-auto-done')
export class LineAutoDoneJob implements JobHandler<TaskJobData<'line-auto-done'>> {
  constructor(private readonly bookings: BookingsService) {}

  async handle({ lineId }: TaskJobData<'line-auto-done'>): Promise<void> {
    const { notBefore } = await this.bookings.autoDoneOrWait(lineId);
    if (notBefore !== null) throw new JobNotDue(notBefore);
  }
}

/** LineRefundSettled: the refund is recorded on its line. */
@Injectable()
@QueueJob(QUEUES.payments, 'LineRefundSettled')
export class LineRefundSettledJob implements JobHandler<EventJobData<'LineRefundSettled'>> {
  constructor(private readonly bookings: BookingsService) {}

  handle({ payload }: EventJobData<'LineRefundSettled'>): Promise<void> {
    return this.bookings.settleRefund(payload);
  }
}

export const BOOKING_JOBS = [LineResponseDeadlineJob, LineAutoDoneJob, LineRefundSettledJob];
