import { Catch, HttpException, HttpStatus, type ArgumentsHost } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { ApiErrorBody } from '@oficios/domain';
import type { FastifyReply } from 'fastify';
import { apiError, statusName, genericCode } from './app-errors';

/** pg-pool's refusal when no pooled connection freed up within DATABASE_POOL_TIMEOUT_MS. */
const POOL_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

/**
 * A refusal Fastify made before any handler (a malformed or too large body, an unsupported content type, a
 * malformed URL) carries its 4xx status: it leaves as the same refusal in the API's shape.
 */
function clientErrorOf(exception: unknown): HttpException | null {
  if (!(exception instanceof Error)) return null;
  const status = (exception as Error & { statusCode?: unknown }).statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return null;
  return new HttpException({ message: exception.message }, status, { cause: exception });
}

/**
 * Every 4xx leaves in one shape, `{statusCode, error, code, message, errors?}`, whoever threw it: our own
 * refusals already have it; Nest's, Fastify's and libraries' (an unknown route, a malformed JSON body) get the
 * generic code of their status and a single-string message. 5xx bodies (the health report) pass unchanged. Of the
 * errors nobody turned into a refusal, a pool with no connection to lend in time answers 503 (the client may retry; a
 * request that hung instead would hold its own connection too); anything else gets Nest's plain 500.
 */
@Catch()
export class HttpErrorFilter extends BaseExceptionFilter {
  override catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() === 'http') {
      const reply = host.switchToHttp().getResponse<FastifyReply>();
      if (exception instanceof HttpException) return sendError(reply, exception);
      const refusal = clientErrorOf(exception);
      if (refusal) return sendError(reply, refusal);
      if (exception instanceof Error && exception.message === POOL_TIMEOUT_MESSAGE) {
        const busy = apiError(
          HttpStatus.SERVICE_UNAVAILABLE,
          'database_busy',
          'El servicio está muy ocupado: intenta de nuevo en unos segundos',
        );
        return sendError(reply.header('Retry-After', '1'), busy);
      }
    }
    super.catch(exception, host);
  }
}

/** Answers with the refusal in the API's shape (an exception filter's, or a route's own). */
export function sendError(reply: FastifyReply, exception: HttpException): void {
  if (reply.sent || reply.raw.headersSent) return;
  const status = exception.getStatus();
  const body = exception.getResponse();
  // A refusal that says how long to wait (a throttle's 429) says it in the header HTTP clients read too.
  const retryAfter = (body as { retryAfter?: unknown }).retryAfter;
  if (typeof retryAfter === 'number' && retryAfter > 0) reply.header('Retry-After', String(Math.ceil(retryAfter)));
  // JSON whatever the route would have answered (an image route's refusal too).
  reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(status >= 500 ? body : errorBody(status, body));
}

export function errorBody(status: number, raw: string | object): ApiErrorBody {
  const body = (typeof raw === 'object' && raw !== null ? raw : { message: raw }) as Partial<ApiErrorBody> & { message?: unknown };
  const message = Array.isArray(body.message)
    ? body.message.join('; ')
    : typeof body.message === 'string'
      ? body.message
      : statusName(status);
  return {
    ...body,
    statusCode: status,
    error: typeof body.error === 'string' ? body.error : statusName(status),
    code: typeof body.code === 'string' ? body.code : genericCode(status),
    message,
  };
}
