import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { broadcastChannel, type EventPayload } from '@oficios/domain';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { committed } from '../outbox';
import { CalendarService } from './calendar.service';

/**
 * Where the cached availability follows holds, releases and blocks, all of which record CalendarChanged: once the
 * change commits, the process that made it drops its answers at once; the relay then broadcasts the event (a
 * batch's changes in one message) and every process, this one included, drops the answers of those professionals.
 */
@Injectable()
export class CalendarCacheBus implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CalendarCache');
  private readonly channel: string;
  private subscriber: Redis | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly calendar: CalendarService,
  ) {
    this.channel = broadcastChannel(config.redisPrefix, 'CalendarChanged');
  }

  onApplicationBootstrap(): void {
    this.subscriber = new Redis(this.config.redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (_channel: string, message: string) => this.dropAnnounced(message));
    // After a reconnection the subscription is renewed by ioredis; anything missed meanwhile expires with the TTL.
    this.subscriber
      .subscribe(this.channel)
      .catch((error: Error) => this.logger.warn(`Sin aviso de cambios de calendario: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    this.subscriber?.disconnect();
  }

  /** A change committed in this process: its own answers go at once (the broadcast tells the others). */
  @OnEvent(committed('CalendarChanged'))
  dropOnCommit(payload: EventPayload<'CalendarChanged'>): void {
    this.calendar.dropCached(payload.professionalIds);
  }

  /** A broadcast: the payloads of the CalendarChanged events of one relayed batch. */
  private dropAnnounced(message: string): void {
    let payloads: unknown;
    try {
      payloads = JSON.parse(message);
    } catch {
      return;
    }
    if (!Array.isArray(payloads)) return;
    const ids = payloads.flatMap((payload: Partial<EventPayload<'CalendarChanged'>> | null) =>
      Array.isArray(payload?.professionalIds) ? payload.professionalIds.filter((id): id is number => Number.isInteger(id)) : [],
    );
    this.calendar.dropCached([...new Set(ids)]);
  }
}
