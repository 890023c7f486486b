import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import Redis from 'ioredis';
import { REDIS } from '../../common/redis.token';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { committed } from '../outbox';
import { CatalogService } from './catalog.service';

/**
 * The one place the catalogue's cache follows its changes, all of which record ProfessionalUpdated. The process that
 * made the change drops its cached answers as soon as the change commits; the event's job then announces it on a
 * Redis channel, so every process (API or worker) drops them too.
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

  /** A change committed in this process: its own cache goes at once (the event's job tells the others). */
  @OnEvent(committed('ProfessionalUpdated'))
  dropLocal(): void {
    this.catalog.invalidate();
  }

  /** The catalogue changed: drop this process's cache now and tell the others. */
  async announce(): Promise<void> {
    this.catalog.invalidate();
    await this.redis.publish(this.channel, String(Date.now()));
  }
}
