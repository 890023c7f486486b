import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { BullBoardModule } from '@bull-board/nestjs';
import { Module } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { QUEUES } from '@oficios/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { SAFE_METHODS, XSRF_REFUSED } from '../../common/auth/access.guard';
import { forbidden, unauthorized } from '../../common/errors/app-errors';
import { sendError } from '../../common/errors/http-error.filter';
import { parseCookies } from '../../common/realtime/handshake-cookies';
import { SessionService, XSRF_HEADER } from '../identity';

export const QUEUE_BOARD_ROUTE = '/admin/queues';

/**
 * Bull Board is a Fastify plugin outside Nest's guards: this hook, run on every request to its routes before they
 * do, is its only door. Its unsafe methods (retry, clean, promote) need the anti-forgery token like every other
 * route; then administrators with a live session pass, anyone else is refused in the API's shape before the board
 * runs. It runs before Fastify parses cookies, so it reads them itself.
 */
export function queueBoardDoor(sessions: SessionService) {
  // Callback style: the other routes pass at once, without a promise each.
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    // By the route the request was matched to, not by its URL as written (which may be percent-encoded).
    const route = request.routeOptions.url;
    if (route === undefined || (route !== QUEUE_BOARD_ROUTE && !route.startsWith(`${QUEUE_BOARD_ROUTE}/`))) return done();
    const cookies = parseCookies(request.headers.cookie);
    // A refused request is answered here, and the board never runs (done is not called).
    if (!SAFE_METHODS.has(request.method) && !sessions.checkXsrfToken(cookies, request.headers[XSRF_HEADER])) {
      return sendError(reply, forbidden('xsrf_refused', XSRF_REFUSED));
    }
    sessions.authenticateCookies(cookies).then((user) => {
      if (user?.type === 'administrador') return done();
      const message = 'Solo los administradores ven las colas';
      sendError(reply, user ? forbidden('not_allowed', message) : unauthorized('sign_in_required', message));
    }, done);
  };
}

/** Operators watch the queues at /admin/queues (administradores only). */
@Module({
  imports: [
    BullBoardModule.forRoot({
      route: QUEUE_BOARD_ROUTE,
      adapter: FastifyAdapter,
      boardOptions: { uiConfig: { boardTitle: 'Oficios: colas' } },
    }),
    ...Object.values(QUEUES).map((name) => BullBoardModule.forFeature({ name, adapter: BullMQAdapter })),
  ],
})
export class QueueBoardModule {
  // The door is a hook of the whole app, added as the app is made (before the board's plugin is registered, at
  // init), so the board cannot be served without it.
  constructor(adapterHost: HttpAdapterHost, sessions: SessionService) {
    adapterHost.httpAdapter.getInstance<FastifyInstance>().addHook('onRequest', queueBoardDoor(sessions));
  }
}
