import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { OnEvent } from '@nestjs/event-emitter';
import {
  BROADCAST_EVENTS,
  QUEUES,
  broadcastChannel,
  eventJobId,
  isTaskName,
  queuesOfRow,
  type EventJobData,
  type EventType,
  type QueueName,
} from '@oficios/domain';
import type { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { REDIS } from '../../common/redis.token';
import { runOutsideRequests } from '../../common/request-context/request-context';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OutboxRepository, type FinishedJob, type PendingEvent } from './outbox.repository';
import { OUTBOX_WRITTEN } from './outbox.service';

const BATCH = 100;
/** How long one enqueue may take before the batch is given up (Redis away) and retried on the next tick. */
const ENQUEUE_TIMEOUT_MS = 5_000;

/**
 * Moves outbox rows (events, and the tasks transactions scheduled) to BullMQ: woken after each commit in this process
 * (whose rows it claims by id) and on a timer (which sweeps every pending row: other processes' too, and any a failed
 * pass left). Rows are claimed with SKIP LOCKED, so relays in several processes never send the same batch together;
 * the job id is the event's id (or the task's own), so sending one again (a crash between enqueue and marking it sent)
 * adds nothing.
 */
@Injectable()
export class OutboxRelay implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private readonly queues = new Map<QueueName, Queue>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private wokenWhileRunning = false;
  private failing = false;
  /** Events this process committed and has not relayed yet: claimed by id, with no scan of the pending rows. */
  private readonly committed = new Set<string>();
  /** Whether a pass must look for every pending event (at start, on the timer, after a failure): other processes' too. */
  private sweepDue = true;

  constructor(
    private readonly events: OutboxRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly moduleRef: ModuleRef,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  onModuleInit(): void {
    for (const name of Object.values(QUEUES)) {
      const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
      // Connection errors surface as failed enqueues; without a listener BullMQ prints every reconnect attempt.
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.wake(), this.config.outbox.pollMs);
    this.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Woken with the ids a transaction just committed; with none (the timer), to sweep every pending event. */
  @OnEvent(OUTBOX_WRITTEN)
  wake(committedIds?: readonly string[]): void {
    if (committedIds) for (const id of committedIds) this.committed.add(id);
    else this.sweepDue = true;
    this.startPass();
  }

  private startPass(): void {
    if (this.running) {
      this.wokenWhileRunning = true;
      return;
    }
    // Woken from inside a request: the pass relays everybody's events, so neither it nor its lines are that request's.
    this.running = runOutsideRequests(() =>
      this.relayDue()
        .then(() => {
          if (this.failing) this.logger.log('Eventos en cola de nuevo');
          this.failing = false;
        })
        .catch((error: Error) => {
          // Redis away: the rows stay pending and the next tick's sweep tries again (every pending row, so the ids
          // remembered meanwhile are not needed).
          this.committed.clear();
          this.sweepDue = true;
          if (!this.failing) this.logger.warn(`No se pudieron encolar eventos: ${error.message}`);
          this.failing = true;
        })
        .finally(() => {
          this.running = null;
          if (this.wokenWhileRunning && this.timer) {
            this.wokenWhileRunning = false;
            this.startPass();
          }
        }),
    );
  }

  /** Relays every pending event; answers when none is left (or throws when Redis refuses). */
  async relayPending(): Promise<void> {
    this.sweepDue = true;
    await this.relayDue();
  }

  /** Relays the events committed here, then, when a sweep is due, every pending one. */
  private async relayDue(): Promise<void> {
    while (this.committed.size > 0) {
      const ids = [...this.committed].slice(0, BATCH);
      for (const id of ids) this.committed.delete(id);
      await this.events.claimByIds(ids, (events) => this.enqueue(events));
    }
    if (!this.sweepDue) return;
    this.sweepDue = false;
    for (;;) {
      const sent = await this.events.claimPending(BATCH, (events) => this.enqueue(events));
      if (sent < BATCH) return;
    }
  }

  /**
   * Adds the events' jobs, each queue's in one call (addBulk: one round trip to Redis per queue, not one per job, while
   * the claim's transaction is open), in the events' order within each queue. A scheduled task is one job of its
   * queue, named after it, with its own id, waiting until it is due. A broadcast event is published: the batch's
   * payloads of each such type in one message, which every process subscribed hears.
   */
  private async enqueue(events: readonly PendingEvent[]): Promise<void> {
    const jobsOf = new Map<QueueName, RelayedJob[]>();
    const broadcasts = new Map<EventType, object[]>();
    const now = Date.now();
    for (const event of events) {
      if (!isTaskName(event.type) && BROADCAST_EVENTS.includes(event.type)) {
        const payloads = broadcasts.get(event.type) ?? [];
        payloads.push(event.payload);
        broadcasts.set(event.type, payloads);
        continue;
      }
      for (const queueName of queuesOfRow(event.type)) this.addTo(jobsOf, queueName, relayedJob(event, queueName, now));
    }
    await this.withinTimeout([
      ...[...jobsOf].map(([queueName, jobs]) => this.queues.get(queueName)!.addBulk(jobs)),
      ...[...broadcasts].map(([type, payloads]) =>
        this.redis.publish(broadcastChannel(this.config.redisPrefix, type), JSON.stringify(payloads)),
      ),
    ]);
  }

  /**
   * Sends again the jobs of rows sent before `cutoff` that are still unfinished (with `dueOnly`, those due by then: a
   * task waiting for its time is not late): a job Redis no longer has (it lost its data) is added again, with the same
   * id and for the time it has left; one it still has is left alone (waiting, running, or retried by BullMQ), and one
   * that ended while its end went unrecorded is recorded now. Answers how many jobs it added again.
   */
  async redriveUnfinished(
    cutoff: Date,
    { dueOnly = true, limit = REDRIVE_BATCH }: { dueOnly?: boolean; limit?: number } = {},
  ): Promise<number> {
    const rows = await this.events.unfinishedBefore(cutoff, { dueOnly, limit });
    const jobsOf = new Map<QueueName, RelayedJob[]>();
    const ended: FinishedJob[] = [];
    const now = Date.now();
    for (const row of rows) {
      for (const queueName of row.unfinishedQueues) {
        if (!this.queues.has(queueName)) continue;
        const job = relayedJob(row, queueName, now);
        const present = await this.queues.get(queueName)!.getJob(job.opts.jobId);
        if (!present) this.addTo(jobsOf, queueName, job);
        else if (ENDED_STATES.includes(await present.getState())) ended.push({ queue: queueName, eventId: row.id, jobId: job.opts.jobId });
      }
    }
    await this.withinTimeout([...jobsOf].map(([queueName, jobs]) => this.queues.get(queueName)!.addBulk(jobs)));
    await this.events.markFinished(ended);
    const added = [...jobsOf.values()].reduce((sum, jobs) => sum + jobs.length, 0);
    if (added > 0) this.logger.warn(`${added} trabajos que Redis perdió se encolaron de nuevo`);
    return added;
  }

  private addTo(jobsOf: Map<QueueName, RelayedJob[]>, queueName: QueueName, job: RelayedJob): void {
    if (!this.queues.has(queueName)) throw new Error(`Cola desconocida ${queueName}`);
    const jobs = jobsOf.get(queueName) ?? [];
    jobs.push(job);
    jobsOf.set(queueName, jobs);
  }

  /** Redis away: the sends are given up after ENQUEUE_TIMEOUT_MS (the rows stay as they were, for the next pass). */
  private async withinTimeout(sends: Promise<unknown>[]): Promise<void> {
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(sends),
      new Promise((_, reject) => {
        timeout = setTimeout(() => reject(new Error('Redis no responde')), ENQUEUE_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timeout));
  }
}

type RelayedJob = { name: string; data: object; opts: { jobId: string; delay?: number } };

/** How many unfinished rows one reconciliation sends again at most (the next one takes the rest). */
const REDRIVE_BATCH = 500;
/** A job in one of these states has ended: it will not run again by itself. */
const ENDED_STATES: readonly string[] = ['completed', 'failed'];

/**
 * The job of an outbox row on one of its queues: a task's, named after it with its own id and waiting until it is
 * due; an event's, named after the event with the event's id. It runs under the row's request id (rows older than
 * the column have none: the worker makes one).
 */
function relayedJob(event: PendingEvent, queueName: QueueName, now: number): RelayedJob {
  const requestId = event.requestId ? { requestId: event.requestId } : {};
  if (isTaskName(event.type)) {
    const delay = Math.max(0, (event.runAt ? new Date(event.runAt).getTime() : now) - now);
    return {
      name: event.type,
      data: { ...event.payload, ...requestId },
      opts: { jobId: event.jobId ?? eventJobId(event.id), ...(delay > 0 ? { delay } : {}) },
    };
  }
  const data: EventJobData = { eventId: event.id, payload: event.payload, ...requestId };
  return { name: event.type, data, opts: { jobId: eventJobId(event.id) } };
}
