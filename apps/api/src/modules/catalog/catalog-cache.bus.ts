import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS } from '../../common/redis.token';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CatalogService } from './catalog.service';

/**
 * The catalogue cache lives in each API process; a change made anywhere (a worker
 * recomputing a rating, another API process editing a professional) is announced
 * on a Redis channel so every process drops its cached answers at once.
 */
@Injectable()
export class CatalogCacheBus implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CatalogCache');
  private readonly channel: string;
  private subscriber: Redis | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly catalog: CatalogService,
  ) {
    // ioredis' keyPrefix does not apply to channels.
    this.channel = `${config.redisPrefix}:catalog:changed`;
  }

  onApplicationBootstrap(): void {
    this.subscriber = new Redis(this.config.redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', () => this.catalog.invalidate());
    // After a reconnection the subscription is renewed by ioredis; anything missed meanwhile expires with the TTL.
    this.subscriber
      .subscribe(this.channel)
      .catch((error: Error) => this.logger.warn(`Sin aviso de cambios del catálogo: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    this.subscriber?.disconnect();
  }

  /** The catalogue changed: drop this process's cache now and tell the others. */
  async announce(): Promise<void> {
    this.catalog.invalidate();
    await this.redis.publish(this.channel, String(Date.now()));
  }
}
