import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Logger } from 'pino';
import { loggedPath, requestLineLevel } from './logger-params';

/**
 * One line per answered request: its id, method, URL (without secrets), status and time, at the level
 * requestLineLevel gives. The raw request and answer are handed as they are: pino serialises (and redacts) them
 * only when the line is written, so a request below LOG_LEVEL costs a level check.
 */
export function requestLogHook(logger: Logger) {
  return function logAnsweredRequest(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const level = requestLineLevel(request.raw, reply.raw);
    if (logger.isLevelEnabled(level)) {
      const responseTime = Math.round(reply.elapsedTime);
      logger[level](
        { reqId: request.id, req: request.raw, res: reply.raw, responseTime },
        `${request.method} ${loggedPath(request.raw)} ${reply.statusCode} ${responseTime} ms`,
      );
    }
    done();
  };
}

/** A request whose client closed the connection before sending all of it (no answer goes out): a warning. */
export function abortedRequestLogHook(logger: Logger) {
  return function logAbortedRequest(request: FastifyRequest, done: HookHandlerDoneFunction): void {
    logger.warn({ reqId: request.id, req: request.raw }, `${request.method} ${loggedPath(request.raw)} interrumpido por el cliente`);
    done();
  };
}
