import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS } from './redis.token';

/** One counted attempt: its key, how many the window allows, and the window's length. */
export interface RateCounter {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts every key, then compares, in one step: parallel requests cannot all read "under the limit" before any
 * of them is counted. A key's window starts with its first count (fixed window).
 */
const CONSUME_SCRIPT = `
local blockedFor = 0
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('EXPIRE', key, ARGV[i * 2]) end
  if count > tonumber(ARGV[i * 2 - 1]) then
    local ttl = redis.call('TTL', key)
    if ttl < 1 then ttl = 1 end
    if ttl > blockedFor then blockedFor = ttl end
  end
end
return blockedFor`;

/** Takes back one count (a success that should not use up the allowance); the key goes when it reaches zero. */
const FORGIVE_SCRIPT = `
local count = redis.call('DECR', KEYS[1])
if count <= 0 then redis.call('DEL', KEYS[1]) end
return count`;

/** Fixed-window counters in Redis, shared by every API process. */
@Injectable()
export class RateLimiter {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /**
   * Counts one attempt on every counter atomically and answers 0 when all are within their limit, else the seconds
   * until the longest exceeded window ends. The attempt is counted either way.
   */
  async consume(counters: RateCounter[]): Promise<number> {
    const args = counters.flatMap((counter) => [counter.limit, counter.windowSeconds]);
    const keys = counters.map((counter) => `rate:${counter.key}`);
    return Number(await this.redis.eval(CONSUME_SCRIPT, keys.length, ...keys, ...args));
  }

  /** Counts one more event in the key's window. */
  async hit(key: string, windowSeconds: number): Promise<number> {
    const results = await this.redis.multi().incr(`rate:${key}`).expire(`rate:${key}`, windowSeconds, 'NX').exec();
    return Number(results?.[0]?.[1] ?? 0);
  }

  async forgive(key: string): Promise<void> {
    await this.redis.eval(FORGIVE_SCRIPT, 1, `rate:${key}`);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`rate:${key}`);
  }
}
