import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS } from './redis.token';

/**
 * Says at start when Redis may evict keys: BullMQ needs `maxmemory-policy noeviction`, or a full Redis drops queued
 * jobs and their locks. The reconciler would redo the work, late; the operator should fix the setting. A Redis that
 * refuses CONFIG (managed services) is not checked.
 */
@Injectable()
export class RedisEvictionCheck implements OnApplicationBootstrap {
  private readonly logger = new Logger('Redis');

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  onApplicationBootstrap(): void {
    // Never holds the start up: checked once Redis answers.
    if (this.redis.status === 'ready') void this.check();
    else this.redis.once('ready', () => void this.check());
  }

  async check(): Promise<string | null> {
    try {
      const [, policy] = (await this.redis.config('GET', 'maxmemory-policy')) as [string, string];
      if (policy && policy !== 'noeviction')
        this.logger.warn(
          `Redis tiene maxmemory-policy=${policy}: puede borrar trabajos en cola al llenarse. BullMQ necesita maxmemory-policy noeviction`,
        );
      return policy ?? null;
    } catch {
      return null;
    }
  }
}
