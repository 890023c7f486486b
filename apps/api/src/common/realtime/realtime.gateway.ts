import { Logger } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayInit } from '@nestjs/websockets';
import { SOCKET_UNAUTHORIZED, sessionRoom, userRoom } from '@oficios/domain';
import type { Server, Socket } from 'socket.io';
import { SessionService } from '../../modules/identity';
import type { SessionUserClaims } from '../auth/access.decorator';
import { parseCookies } from './handshake-cookies';
import { RealtimeService } from './realtime.service';

/**
 * The sockets of signed-in browsers (socket.io on the API's port, path /socket.io). The handshake is checked like an
 * HTTP request: a live session cookie (revoked sessions are nobody) and the XSRF-TOKEN cookie's value sent back in
 * `auth.xsrf`, bound to that session, else `connect_error` "unauthorized". Each socket joins its user's room and its
 * session's (closed when the session ends); the client sends nothing (HTTP posts, sockets deliver).
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit<Server>, OnGatewayConnection<Socket> {
  private readonly logger = new Logger('Realtime');

  constructor(
    private readonly sessions: SessionService,
    private readonly realtime: RealtimeService,
  ) {}

  afterInit(server: Server): void {
    server.use((socket, next) => {
      this.authenticate(socket).then(
        (user) => {
          if (!user) return next(new Error(SOCKET_UNAUTHORIZED));
          (socket.data as { user?: SessionUserClaims }).user = user;
          next();
        },
        (error: Error) => {
          this.logger.warn(`Handshake rechazado por un error: ${error.message}`);
          next(new Error(SOCKET_UNAUTHORIZED));
        },
      );
    });
    this.realtime.attach(server);
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
  }
}
