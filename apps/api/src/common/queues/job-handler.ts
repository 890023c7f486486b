import { SetMetadata } from '@nestjs/common';
import type { JobName, JobOf, QueueName } from '@oficios/domain';
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
  name: JobName;
}

export const QUEUE_JOB_KEY = 'oficios:queue-job';
/**
 * Marks the handler of one job of one queue. Typed by libs/domain's declaration: only an event routed to that queue,
 * or a task of that queue, compiles.
 */
export const QueueJob = <Q extends QueueName>(queue: Q, name: JobOf<Q>) =>
  SetMetadata(QUEUE_JOB_KEY, { queue, name } satisfies QueueJobTarget);

/**
 * Thrown by a handler whose job ran before its time (another process's clock, a promoted job): the worker puts the
 * job back, delayed until `dueAt` (epoch ms), instead of dropping it or counting a failure.
 */
export class JobNotDue extends Error {
  constructor(readonly dueAt: number) {
    super(`Todavía no: vuelve a la cola hasta ${new Date(dueAt).toISOString()}`);
  }
}

/**
 * Emitted (EventEmitter2) when a job has ended for good: its handler succeeded, or it failed its last attempt (or an
 * unrecoverable error). The outbox records it, so only the jobs that never ended are sent again after Redis forgot.
 */
export const JOB_ENDED = 'queues.job-ended';

export interface JobEnded {
  queue: QueueName;
  jobId: string;
  /** The event an event job relays (its data's `eventId`); null for a task. */
  eventId: string | null;
}
