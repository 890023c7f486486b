import { Injectable } from '@nestjs/common';
import { QUEUES, type EventJobData, type TaskJobData } from '@oficios/domain';
import { JobNotDue, QueueJob, type JobHandler } from '../../common/queues/job-handler';
import { BookingDeadlines } from './booking-deadlines.service';

/** The delayed job: the professional did not answer in time (early, it waits again for the rest). */
@Injectable()
@QueueJob(QUEUES.bookings, 'booking-response-deadline')
export class BookingResponseDeadlineJob implements JobHandler<TaskJobData<'booking-response-deadline'>> {
  constructor(private readonly deadlines: BookingDeadlines) {}

  async handle({ lineId }: TaskJobData<'booking-response-deadline'>): Promise<void> {
    const { notBefore } = await this.deadlines.expireOrWait(lineId);
    if (notBefore !== null) throw new JobNotDue(notBefore);
  }
}

/** The delayed job: a confirmed booking nobody marked done, AUTO_DONE_HOURS after its last date. */
@Injectable()
@QueueJob(QUEUES.bookings, 'booking-auto-done')
export class BookingAutoDoneJob implements JobHandler<TaskJobData<'booking-auto-done'>> {
  constructor(private readonly deadlines: BookingDeadlines) {}

  async handle({ lineId }: TaskJobData<'booking-auto-done'>): Promise<void> {
    const { notBefore } = await this.deadlines.autoDoneOrWait(lineId);
    if (notBefore !== null) throw new JobNotDue(notBefore);
  }
}

/** BookingRefundSettled: the refund is recorded on its booking. */
@Injectable()
@QueueJob(QUEUES.bookings, 'BookingRefundSettled')
export class BookingRefundSettledJob implements JobHandler<EventJobData<'BookingRefundSettled'>> {
  constructor(private readonly deadlines: BookingDeadlines) {}

  handle({ payload }: EventJobData<'BookingRefundSettled'>): Promise<void> {
    return this.deadlines.settleRefund(payload);
  }
}

export const BOOKING_JOBS = [BookingResponseDeadlineJob, BookingAutoDoneJob, BookingRefundSettledJob];
