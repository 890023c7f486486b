import { SetMetadata } from '@nestjs/common';
import type { QueueName } from '@oficios/domain';
import type { Job } from 'bullmq';

/**
 * One job kind of one queue, as a small provider class in its feature module,
 * marked with `@QueueJob(queue, name)`. Handlers must be idempotent: BullMQ
 * delivers at least once.
 */
export interface JobHandler<Data = unknown> {
  handle(data: Data, job: Job<Data>): Promise<void>;
}

export interface QueueJobTarget {
  queue: QueueName;
  name: string;
}

export const QUEUE_JOB_KEY = 'oficios:queue-job';
export const QueueJob = (queue: QueueName, name: string) => SetMetadata(QUEUE_JOB_KEY, { queue, name } satisfies QueueJobTarget);
