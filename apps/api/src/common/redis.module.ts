import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RateLimiter } from './rate-limiter.service';
import { RedisEvictionCheck } from './redis-eviction-check';
import { REDIS } from './redis.token';

export { REDIS };

/** One shared ioredis connection; keys carry the deployment's prefix. */
@Global()
@Module({
  providers: [
    RateLimiter,
    RedisEvictionCheck,
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const redis = new Redis(config.redisUrl, {
          keyPrefix: `${config.redisPrefix}:`,
          maxRetriesPerRequest: 2,
          enableOfflineQueue: false,
        });
        // ioredis reconnects by itself; say so once per outage instead of on every retry.
        let down = false;
        redis.on('error', (error: Error) => {
          if (!down) new Logger('Redis').warn(`Redis no disponible: ${error.message}`);
          down = true;
        });
        redis.on('ready', () => (down = false));
        return redis;
      },
    },
  ],
  exports: [REDIS, RateLimiter],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
  }
}
