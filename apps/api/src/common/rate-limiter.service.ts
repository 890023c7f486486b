import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS } from './redis.token';

/** Fixed-window counters in Redis, shared by every API process. */
@Injectable()
export class RateLimiter {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Seconds until the key's window ends when `limit` is already reached, else 0. */
  async blockedFor(key: string, limit: number): Promise<number> {
    const [count, ttl] = await Promise.all([this.redis.get(`rate:${key}`), this.redis.ttl(`rate:${key}`)]);
    return Number(count ?? 0) >= limit ? Math.max(ttl, 1) : 0;
  }

  /** Counts one more event in the key's window. */
  async hit(key: string, windowSeconds: number): Promise<number> {
    const results = await this.redis.multi().incr(`rate:${key}`).expire(`rate:${key}`, windowSeconds, 'NX').exec();
    return Number(results?.[0]?.[1] ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`rate:${key}`);
  }
}
