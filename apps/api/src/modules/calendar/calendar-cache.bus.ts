import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { QUEUES, type EventJobData, type EventPayload } from '@oficios/domain';
import Redis from 'ioredis';
import { QueueJob, type JobHandler } from '../../common/queues/job-handler';
import { REDIS } from '../../common/redis.token';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { committed } from '../outbox';
import { CalendarService } from './calendar.service';

/**
 * Where the cached availability follows holds, releases and blocks, all of which record CalendarChanged: once the
 * change commits, the process that made it drops its answers and announces it on a Redis channel so every process
 * drops them too; the event's job announces it again (as the catalogue's cache does).
 */
@Injectable()
export class CalendarCacheBus implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CalendarCache');
  private readonly channel: string;
  private subscriber: Redis | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly calendar: CalendarService,
  ) {
    this.channel = `${config.redisPrefix}:calendar:changed`;
  }

  onApplicationBootstrap(): void {
    this.subscriber = new Redis(this.config.redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (_channel: string, message: string) => {
      const ids = (JSON.parse(message) as unknown[]).filter((id): id is number => Number.isInteger(id));
      this.calendar.dropCached(ids);
    });
    this.subscriber
      .subscribe(this.channel)
      .catch((error: Error) => this.logger.warn(`Sin aviso de cambios de calendario: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    this.subscriber?.disconnect();
  }

  /**
   * Right after the commit: this process drops its answers and tells the others at once, so the next request to any
   * of them sees the change (the event's job announces it again, should this publish be lost with the process).
   */
  @OnEvent(committed('CalendarChanged'))
  async dropOnCommit(payload: EventPayload<'CalendarChanged'>): Promise<void> {
    await this.announce(payload.professionalIds).catch((error: Error) =>
      this.logger.warn(`Sin aviso de cambios de calendario: ${error.message}`),
    );
  }

  async announce(professionalIds: number[]): Promise<void> {
    this.calendar.dropCached(professionalIds);
    await this.redis.publish(this.channel, JSON.stringify(professionalIds));
  }
}

/** CalendarChanged: every process drops its cached availability of those professionals. */
@Injectable()
@QueueJob(QUEUES.catalog, 'CalendarChanged')
export class AnnounceCalendarChangeJob implements JobHandler<EventJobData<'CalendarChanged'>> {
  constructor(private readonly bus: CalendarCacheBus) {}

  handle({ payload }: EventJobData<'CalendarChanged'>): Promise<void> {
    return this.bus.announce(payload.professionalIds);
  }
}
