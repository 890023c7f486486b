import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { requestIdFrom, runWithRequestId } from './request-context';

export const REQUEST_ID_HEADER = 'X-Request-Id';

type RequestWithId = IncomingMessage & { id?: string };

/**
 * The request's id (the caller's X-Request-Id when well formed, else a new one), made once: Fastify's `genReqId`
 * asks for it, and it is left on the raw request too.
 */
export function requestIdOf(req: IncomingMessage): string {
  const raw = req as RequestWithId;
  raw.id ??= requestIdFrom(req.headers['x-request-id']);
  return raw.id;
}

/**
 * First hook of ours on every request: its id answered in X-Request-Id, and the rest of the request run under it
 * (the body is read, and the handler runs, in this context: the request tracing suite checks it with a body sent
 * after the headers).
 */
export function requestContextHook(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  reply.header(REQUEST_ID_HEADER, request.id);
  runWithRequestId(request.id, done);
}
