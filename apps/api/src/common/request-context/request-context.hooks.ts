import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AsyncResource } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import { requestIdFrom, runWithRequestId } from './request-context';

export const REQUEST_ID_HEADER = 'X-Request-Id';

type RequestWithId = IncomingMessage & { id?: string };

/**
 * The request's id (the caller's X-Request-Id when well formed, else a new one), made once: Fastify's `genReqId`
 * asks first, and it is left on the raw request too, where the request log (pino-http) reads it.
 */
export function requestIdOf(req: IncomingMessage): string {
  const raw = req as RequestWithId;
  raw.id ??= requestIdFrom(req.headers['x-request-id']);
  return raw.id;
}

/** The async context each request runs in (its id, its log bindings), kept to be entered again after the body. */
const contexts = new WeakMap<FastifyRequest, AsyncResource>();

/** First hook of ours on every request: its id answered in X-Request-Id, and the rest of the request run under it. */
export function requestContextHook(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  reply.header(REQUEST_ID_HEADER, request.id);
  runWithRequestId(request.id, () => {
    contexts.set(request, new AsyncResource('oficios.request', { requireManualDestroy: true }));
    done();
  });
}

/**
 * Reading a body continues on the socket's events, outside the request's async context: the handler (and what it
 * logs and records) must run in it again, so this enters it back once the body is parsed.
 */
export function reenterRequestContextHook(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const context = contexts.get(request);
  if (context) context.runInAsyncScope(done);
  else done();
}
