import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { HealthIndicatorService } from '@nestjs/terminus';
import type { QueueName } from '@oficios/domain';
import type { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { REDIS } from '../../common/redis.module';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** No part may hold the answer up longer than this (a probe must answer even when Redis hangs). */
export const CHECK_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`sin respuesta en ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref()),
  ]);
}

/** Redis answers PING. */
@Injectable()
export class RedisIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async check(key: string) {
    const indicator = this.indicators.check(key);
    try {
      return (await within(this.redis.ping())) === 'PONG' ? indicator.up() : indicator.down({ message: 'PING sin PONG' });
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    }
  }
}

/**
 * A queue's lag: how long its oldest waiting job has waited. Down past HEALTH_MAX_QUEUE_LAG_MS (no worker is
 * taking jobs, or too few for the load) or when its Redis cannot be read.
 */
@Injectable()
export class QueueLagIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly moduleRef: ModuleRef,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async check(key: string, name: QueueName) {
    const indicator = this.indicators.check(key);
    const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
    try {
      // Oldest first: the waiting list read from its far end.
      const [waiting, [oldest]] = await within(Promise.all([queue.getWaitingCount(), queue.getJobs(['waiting'], 0, 0, true)]));
      const lagMs = oldest ? Math.max(0, Date.now() - oldest.timestamp) : 0;
      return lagMs > this.config.health.maxQueueLagMs ? indicator.down({ waiting, lagMs }) : indicator.up({ waiting, lagMs });
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    }
  }
}
