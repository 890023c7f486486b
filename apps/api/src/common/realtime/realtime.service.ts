import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { sessionRoom, userRoom, type SocketEventName, type SocketEventPayloads } from '@oficios/domain';
import { Server } from 'socket.io';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { SESSIONS_ENDED, type SessionsEnded } from '../../modules/identity';
import { redisAdapter } from './redis-adapter';

export const REALTIME_OPTIONS = Symbol('REALTIME_OPTIONS');
export interface RealtimeOptions {
  /** This process serves sockets (the API): its gateway's server emits. Otherwise (a worker) emits go through Redis only. */
  gateway: boolean;
}

/**
 * Sends events to users' rooms (`user:<id>`), from any process: the API's gateway server, or in a worker-only process
 * a socket.io server of its own without HTTP, whose Redis adapter hands the event to every API process. Callers emit
 * after their transaction commits.
 */
@Injectable()
export class RealtimeService implements OnApplicationShutdown {
  private readonly logger = new Logger('Realtime');
  private server: Server | null = null;
  private standalone: { server: Server; close(): void } | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REALTIME_OPTIONS) private readonly options: RealtimeOptions,
  ) {}

  /** The gateway's server, once it is listening. */
  attach(server: Server): void {
    this.server = server;
  }

  private emitter(): Server | null {
    if (this.server) return this.server;
    if (this.options.gateway) return null;
    if (!this.standalone) {
      const { adapter, close } = redisAdapter(this.config);
      const server = new Server({ serveClient: false });
      server.adapter(adapter);
      this.standalone = { server, close };
    }
    return this.standalone.server;
  }

  /** The event to every socket of these users (each user once, whatever the number of its tabs). */
  emit<E extends SocketEventName>(userIds: number[], event: E, payload: SocketEventPayloads[E]): void {
    const server = this.emitter();
    if (!server) {
      this.logger.debug(`Sin servidor de sockets todavía: ${event} no se envió`);
      return;
    }
    server.to([...new Set(userIds)].map(userRoom)).emit(event, payload);
  }

  /** Each user its own payload. */
  emitEach<E extends SocketEventName>(payloads: Map<number, SocketEventPayloads[E]>, event: E): void {
    for (const [userId, payload] of payloads) this.emit([userId], event, payload);
  }

  /**
   * A session ended: its sockets (in every API process, through the adapter) are closed at once, so a logged-out or
   * revoked browser stops hearing messages; a reconnect then fails its handshake.
   */
  @OnEvent(SESSIONS_ENDED)
  closeSessions(ended: SessionsEnded): void {
    const server = this.emitter();
    if (!server) return;
    if ('sessionId' in ended) server.in(sessionRoom(ended.sessionId)).disconnectSockets(true);
    else if (ended.exceptSessionId) server.in(userRoom(ended.userId)).except(sessionRoom(ended.exceptSessionId)).disconnectSockets(true);
    else server.in(userRoom(ended.userId)).disconnectSockets(true);
  }

  onApplicationShutdown(): void {
    if (!this.standalone) return;
    // No HTTP server to close: only the adapter's Redis connections.
    this.standalone.close();
    this.standalone = null;
  }
}
