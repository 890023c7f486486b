import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { JOBS, QUEUES, type QueueName, type TracedJobData } from '@oficios/domain';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DelayedError, UnrecoverableError, Worker, type Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { runWithRequestId } from '../request-context/request-context';
import { JOB_ENDED, JobNotDue, QUEUE_JOB_KEY, type JobEnded, type JobHandler, type QueueJobTarget } from './job-handler';
import { bullConnection, bullPrefix } from './redis-connection';

/** How long shutdown waits for running jobs. */
const SHUTDOWN_GRACE_MS = 30_000;

/**
 * The request id a job runs under: the one of the request that caused it (relayed with its event), else its own,
 * made of its queue and job id (a scheduled run, say), so every attempt of it and its failure share one id.
 */
export function jobRequestId(queue: QueueName, job: Job | undefined): string | undefined {
  const given = (job?.data as TracedJobData | undefined)?.requestId;
  if (typeof given === 'string' && given !== '') return given;
  return job?.id === undefined ? undefined : `${queue}:${job.id}`;
}

/**
 * Starts one BullMQ worker per queue when this process runs workers (the API
 * with WORKERS=embedded, or `npm run worker`). Several processes may run them
 * at once: BullMQ hands each job to one worker, and a job whose worker died is
 * taken back after its lock expires and retried.
 */
@Injectable()
export class WorkersService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Workers');
  private readonly workers: Worker[] = [];
  private readonly starting: Promise<void>[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly emitter: EventEmitter2,
  ) {}

  /** Tells who listens (the outbox) that a job ended for good. */
  private ended(queue: QueueName, job: Job): void {
    if (job.id === undefined) return;
    const eventId = (job.data as { eventId?: unknown } | undefined)?.eventId;
    const ended: JobEnded = { queue, jobId: job.id, eventId: typeof eventId === 'string' ? eventId : null };
    this.emitter.emit(JOB_ENDED, ended);
  }

  /** Every provider marked with `@QueueJob`. */
  private discoverHandlers(): { target: QueueJobTarget; handler: JobHandler }[] {
    return this.discovery.getProviders().flatMap((wrapper) => {
      const target = wrapper.metatype ? this.reflector.get<QueueJobTarget | undefined>(QUEUE_JOB_KEY, wrapper.metatype) : undefined;
      return target && wrapper.instance ? [{ target, handler: wrapper.instance as JobHandler }] : [];
    });
  }

  /** Refuses to start when a job name of a queue has no handler (or two). */
  static handlerTable(handlers: { target: QueueJobTarget; handler: JobHandler }[]): Map<QueueName, Map<string, JobHandler>> {
    const table = new Map<QueueName, Map<string, JobHandler>>();
    for (const { target, handler } of handlers) {
      const byName = table.get(target.queue) ?? new Map<string, JobHandler>();
      if (byName.has(target.name)) throw new Error(`Dos handlers para ${target.queue}/${target.name}`);
      byName.set(target.name, handler);
      table.set(target.queue, byName);
    }
    for (const queue of Object.values(QUEUES)) {
      const missing = JOBS[queue].filter((name) => !table.get(queue)?.has(name));
      if (missing.length > 0) throw new Error(`Sin handler para los trabajos ${missing.map((name) => `${queue}/${name}`).join(', ')}`);
    }
    return table;
  }

  onApplicationBootstrap(): void {
    const table = WorkersService.handlerTable(this.discoverHandlers());
    if (!this.config.workers.enabled) return;
    for (const queue of Object.values(QUEUES)) {
      const byName = table.get(queue) ?? new Map<string, JobHandler>();
      const worker = new Worker(
        queue,
        async (job: Job, token?: string) => {
          const handler = byName.get(job.name);
          if (!handler) throw new Error(`Trabajo desconocido ${queue}/${job.name}`);
          // Its log lines and the events it records carry the request id of what caused it.
          await runWithRequestId(jobRequestId(queue, job)!, async () => {
            const started = Date.now();
            try {
              await handler.handle(job.data, job);
            } catch (error) {
              if (!(error instanceof JobNotDue)) throw error;
              // Early: the same job waits again for the rest of its delay (BullMQ's way: move it, then DelayedError).
              this.logger.log(`${queue}/${job.name} ${job.id} antes de tiempo: espera hasta ${new Date(error.dueAt).toISOString()}`);
              await job.moveToDelayed(error.dueAt, token);
              throw new DelayedError();
            }
            this.logger.log(`${queue}/${job.name} ${job.id} hecho en ${Date.now() - started} ms`);
          });
          this.ended(queue, job);
        },
        {
          prefix: bullPrefix(this.config),
          connection: { ...bullConnection(this.config), maxRetriesPerRequest: null },
          concurrency: this.config.workers.concurrency,
          lockDuration: this.config.workers.lockMs,
          stalledInterval: this.config.workers.stalledIntervalMs,
          // A job that keeps killing its worker is failed (kept for inspection) rather than retried forever.
          maxStalledCount: 3,
          // Started once Redis answers: a worker that never connected can still be closed.
          autorun: false,
        },
      );
      worker.on('failed', (job, error) => {
        const line = () => this.logger.warn(`${queue}/${job?.name} ${job?.id} falló (intento ${job?.attemptsMade}): ${error.message}`);
        const requestId = jobRequestId(queue, job);
        if (requestId) runWithRequestId(requestId, line);
        else line();
        // Its last attempt (or one that cannot succeed): it stays failed in Bull Board, for an operator.
        if (job && (error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1))) this.ended(queue, job);
      });
      worker.on('error', (error) => this.logger.warn(`Worker ${queue}: ${error.message}`));
      this.workers.push(worker);
      this.starting.push(
        worker.waitUntilReady().then(
          () => {
            if (!worker.closing) void worker.run().catch((error: Error) => this.logger.error(`Worker ${queue}: ${error.message}`));
          },
          () => undefined,
        ),
      );
    }
    this.logger.log(`Workers en marcha: ${Object.values(QUEUES).join(', ')}`);
  }

  /**
   * Graceful shutdown, before the database connections close: running jobs finish. If Redis is
   * away the workers cannot say goodbye; after the grace period their jobs are left to be taken
   * back by another worker once their locks expire.
   */
  async onModuleDestroy(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), SHUTDOWN_GRACE_MS);
    });
    const closed = Promise.all(this.workers.map((worker) => worker.close())).then(() => 'closed' as const);
    if ((await Promise.race([closed, grace])) === 'timeout') this.logger.warn('Los workers no cerraron a tiempo (¿Redis caído?)');
    clearTimeout(timer);
    this.workers.length = 0;
  }

  /** Resolves once every worker is connected and taking jobs (start-up log of `npm run worker`). */
  async ready(): Promise<void> {
    await Promise.all(this.starting);
  }
}
