import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { JOB_ENDED, type JobEnded } from '../../common/queues/job-handler';
import { runOutsideRequests } from '../../common/request-context/request-context';
import { OutboxRepository, type FinishedJob } from './outbox.repository';

/** How long ended jobs gather before they are recorded together, and how many make a write at once. */
const FLUSH_MS = 200;
const FLUSH_AT = 200;

/**
 * Records on their outbox rows the jobs that ended (JOB_ENDED), a batch per write: the jobs' own work is never held
 * up by it. A batch lost (the process died, Postgres refused) only means the reconciler finds those jobs ended in
 * BullMQ later and records them then.
 */
@Injectable()
export class OutboxCompletions implements OnApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private ended: FinishedJob[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly events: OutboxRepository) {}

  @OnEvent(JOB_ENDED)
  jobEnded(job: JobEnded): void {
    this.ended.push(job);
    if (this.ended.length >= FLUSH_AT) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  /** Writes what has gathered; resolves once written (or given up). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.ended;
    this.ended = [];
    this.flushing = this.flushing.then(() =>
      batch.length === 0
        ? undefined
        : runOutsideRequests(() => this.events.markFinished(batch)).catch((error: Error) =>
            this.logger.warn(`No se registró el fin de ${batch.length} trabajos (la reconciliación lo hará): ${error.message}`),
          ),
    );
    return this.flushing;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flush();
  }
}
