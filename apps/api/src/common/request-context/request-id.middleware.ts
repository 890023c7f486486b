import type { NextFunction, Request, Response } from 'express';
import { requestIdFrom, runWithRequestId } from './request-context';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * First middleware of the HTTP app: gives the request its id (the caller's X-Request-Id when well formed, else a
 * new one), answers it in the response's X-Request-Id, leaves it on `req.id` for the request log, and runs the
 * rest of the request under it.
 */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const requestId = requestIdFrom(req.headers['x-request-id']);
  (req as Request & { id?: string }).id = requestId;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  runWithRequestId(requestId, next);
}
