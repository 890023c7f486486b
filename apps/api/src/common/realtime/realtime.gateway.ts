import { Inject, Logger } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayInit } from '@nestjs/websockets';
import { SOCKET_TOO_MANY_CONNECTIONS, SOCKET_UNAUTHORIZED, sessionRoom, userRoom, type SocketRefusalData } from '@oficios/domain';
import type { IncomingMessage } from 'node:http';
import type { Server, Socket } from 'socket.io';
import { APP_CONFIG, type AppConfig, type Rate } from '../../config/app-config';
import { SessionService } from '../../modules/identity';
import type { SessionUserClaims } from '../auth/access.decorator';
import { clientAddressOf } from '../http/client-address';
import { RateLimiter } from '../rate-limiter.service';
import { parseCookies } from './handshake-cookies';
import { RealtimeService } from './realtime.service';

/** A refused handshake: its message is the code the client switches on; `data` says it in Spanish, and when to retry. */
function tooManyConnections(retryAfter: number): Error {
  const data: SocketRefusalData = {
    message: `Demasiadas conexiones en vivo seguidas. Espera ${retryAfter} s y vuelve a intentarlo.`,
    retryAfter,
  };
  return Object.assign(new Error(SOCKET_TOO_MANY_CONNECTIONS), { data });
}

/** Oldest first: by when the handshake came, then by id, so every process that sorts the same sockets agrees. */
const byAge = (a: { id: string; handshake: { issued: number } }, b: { id: string; handshake: { issued: number } }) =>
  a.handshake.issued - b.handshake.issued || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The sockets of signed-in browsers (socket.io on the API's port, path /socket.io). The handshake is checked like an
 * HTTP request: a live session cookie (revoked sessions are nobody) and the XSRF-TOKEN cookie's value sent back in
 * `auth.xsrf`, bound to that session, else `connect_error` "unauthorized". Handshakes are counted per address (before
 * any session is read) and per user, over their rate "too_many_connections". Each socket joins its user's room and its
 * session's (closed when the session ends); past SOCKETS_PER_USER the user's oldest sockets close. The client sends
 * nothing (HTTP posts, sockets deliver).
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit<Server>, OnGatewayConnection<Socket> {
  private readonly logger = new Logger('Realtime');
  private readonly addressOf: (req: IncomingMessage) => string;
  private server: Server | null = null;

  constructor(
    private readonly sessions: SessionService,
    private readonly realtime: RealtimeService,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.addressOf = clientAddressOf(config.trustProxy);
  }

  afterInit(server: Server): void {
    this.server = server;
    server.use((socket, next) => {
      this.admit(socket).then(
        (refusal) => next(refusal ?? undefined),
        (error: Error) => {
          this.logger.warn(`Handshake rechazado por un error: ${error.message}`);
          next(new Error(SOCKET_UNAUTHORIZED));
        },
      );
    });
    this.realtime.attach(server);
  }

  /** Null when the socket may connect (its user noted on it), else the refusal its client receives. */
  private async admit(socket: Socket): Promise<Error | null> {
    const { addressConnectRate, connectRate } = this.config.realtime;
    // Counted before the session is read: a flood of handshakes, signed in or not, costs no more than this.
    const addressWait = await this.wait(`sockets:address:${this.addressOf(socket.request)}`, addressConnectRate);
    if (addressWait > 0) return tooManyConnections(addressWait);
    const user = await this.authenticate(socket);
    if (!user) return new Error(SOCKET_UNAUTHORIZED);
    const userWait = await this.wait(`sockets:user:${user.id}`, connectRate);
    if (userWait > 0) return tooManyConnections(userWait);
    (socket.data as { user?: SessionUserClaims }).user = user;
    return null;
  }

  /** Counts one handshake; the seconds to wait when over the rate. Without Redis nobody is held back (it says so). */
  private async wait(key: string, rate: Rate): Promise<number> {
    try {
      return await this.limiter.consume([{ key, limit: rate.limit, windowSeconds: rate.windowSeconds }]);
    } catch (error) {
      this.logger.warn(`Sin límite de conexiones (${key}): ${(error as Error).message}`);
      return 0;
    }
  }

  private async authenticate(socket: Socket): Promise<SessionUserClaims | null> {
    const cookies = parseCookies(socket.request.headers.cookie);
    const auth = socket.handshake.auth as { xsrf?: unknown } | undefined;
    if (!this.sessions.checkXsrfToken(cookies, auth?.xsrf)) return null;
    return this.sessions.authenticateCookies(cookies);
  }

  async handleConnection(socket: Socket): Promise<void> {
    const user = (socket.data as { user?: SessionUserClaims }).user;
    if (!user) {
      socket.disconnect(true);
      return;
    }
    await socket.join([userRoom(user.id), sessionRoom(user.sessionId)]);
    await this.closeOldest(user.id).catch((error: Error) =>
      this.logger.warn(`Sin tope de sockets para el usuario ${user.id} esta vez: ${error.message}`),
    );
  }

  /**
   * Past SOCKETS_PER_USER, closes the user's oldest sockets, in whichever API process they are. Every socket does
   * this once it has joined its user's room, so the last of any number connecting at once sees all the others: only
   * the newest SOCKETS_PER_USER stay (each closes only sockets older than the newest SOCKETS_PER_USER it sees).
   * Their clients are told the server closed them, and socket.io-client does not reconnect by itself then.
   */
  private async closeOldest(userId: number): Promise<void> {
    if (!this.server) return;
    const open = (await this.server.in(userRoom(userId)).fetchSockets()).sort(byAge);
    for (const socket of open.slice(0, Math.max(0, open.length - this.config.realtime.socketsPerUser))) socket.disconnect(true);
  }
}
