import type { RedisOptions } from 'bullmq';
import type { AppConfig } from '../../config/app-config';

/** ioredis options for BullMQ from REDIS_URL (BullMQ opens its own connections from these). */
export function bullConnection(config: AppConfig): RedisOptions {
  const url = new URL(config.redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
  };
}

/** BullMQ keys live under the deployment's prefix, so test runs never see each other's jobs. */
export const bullPrefix = (config: AppConfig): string => `${config.redisPrefix}:bull`;
