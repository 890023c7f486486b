import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { BullBoardModule } from '@bull-board/nestjs';
import { Module } from '@nestjs/common';
import { QUEUES } from '@oficios/domain';
import type { NextFunction, Request, Response } from 'express';
import { SAFE_METHODS, XSRF_REFUSED } from '../../common/auth/access.guard';
import { forbidden, unauthorized } from '../../common/errors/app-errors';
import { sendError } from '../../common/errors/http-error.filter';
import { SessionService } from '../identity';

export const QUEUE_BOARD_ROUTE = '/admin/queues';

/**
 * Bull Board is Express middleware, outside Nest's guards: this check is its
 * only door. Its unsafe methods (retry, clean, promote) need the anti-forgery
 * token like every other route; then administrators with a live session pass,
 * anyone else is refused before the board runs.
 */
export function adminOnly(sessions: SessionService) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!SAFE_METHODS.has(req.method) && !sessions.checkXsrf(req)) {
      sendError(res, forbidden('xsrf_refused', XSRF_REFUSED));
      return;
    }
    sessions.authenticate(req).then(
      (user) => {
        if (user?.type === 'administrador') return next();
        const message = 'Solo los administradores ven las colas';
        sendError(res, user ? forbidden('not_allowed', message) : unauthorized('sign_in_required', message));
      },
      (error: unknown) => next(error),
    );
  };
}

/** Operators watch the queues at /admin/queues (administradores only). */
@Module({
  imports: [
    BullBoardModule.forRootAsync({
      inject: [SessionService],
      useFactory: (sessions: SessionService) => ({
        route: QUEUE_BOARD_ROUTE,
        adapter: ExpressAdapter,
        middleware: adminOnly(sessions),
        boardOptions: { uiConfig: { boardTitle: 'Oficios: colas' } },
      }),
    }),
    ...Object.values(QUEUES).map((name) => BullBoardModule.forFeature({ name, adapter: BullMQAdapter })),
  ],
})
export class QueueBoardModule {}
