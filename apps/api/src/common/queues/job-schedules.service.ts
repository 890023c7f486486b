import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { SCHEDULED_JOBS } from '@oficios/domain';
import type { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** How long to wait before trying again when Redis did not take the schedules. */
const RETRY_MS = 30_000;

/**
 * Puts the recurring jobs of SCHEDULED_JOBS on their queues where workers run. Upserting a scheduler by its id is
 * idempotent, so every worker process may do it at every start and the deployment still has one schedule each
 * (with the interval of the latest start). It never holds the start up: with Redis away it tries again later.
 */
@Injectable()
export class JobSchedulesService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Workers');
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.workers.enabled) void this.scheduleUntilDone();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
  }

  private async scheduleUntilDone(): Promise<void> {
    try {
      await this.schedule();
    } catch (error) {
      if (this.stopped) return;
      this.logger.warn(`No se pudieron programar los trabajos periódicos (se reintenta): ${(error as Error).message}`);
      this.retry = setTimeout(() => void this.scheduleUntilDone(), RETRY_MS);
      this.retry.unref();
    }
  }

  async schedule(): Promise<void> {
    for (const { queue, name } of SCHEDULED_JOBS) {
      const target = this.moduleRef.get<Queue>(getQueueToken(queue), { strict: false });
      await target.upsertJobScheduler(name, { every: this.config.housekeeping.everyMs }, { name, data: {} });
    }
  }
}
