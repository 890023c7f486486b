import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { DestinationStream, Level } from 'pino';
import type { Options } from 'pino-http';
import pretty from 'pino-pretty';
import type { AppConfig } from '../../config/app-config';
import { currentRequestId } from '../request-context/request-context';

const LEVELS: Record<AppConfig['logLevel'], Level> = { error: 'error', warn: 'warn', log: 'info', debug: 'debug' };

/** Headers that carry credentials: the session cookie, tokens, MercadoPago's signature. */
const SECRET_HEADERS = ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-signature"]', 'req.headers["x-xsrf-token"]'];

/** Query parameters that carry credentials (Google's OAuth code and state, the stand-in's access token). */
const SECRET_QUERY = /([?&](?:code|state|access_token|token)=)[^&#]*/g;
export const withoutSecrets = (url: string): string => url.replace(SECRET_QUERY, '$1[Redacted]');

/** The URL as asked (a router may rewrite `req.url` of a mounted app), without secrets. */
export const loggedPath = (req: IncomingMessage): string =>
  withoutSecrets((req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '');

/** The request as logged: no id (it is `reqId`), no query or params (they are in the URL), no secrets in the URL. */
const request = (req: IncomingMessage) => ({
  method: req.method,
  url: loggedPath(req),
  headers: req.headers,
  remoteAddress: req.socket?.remoteAddress,
});

/** The answer as logged: its status (its headers are the same on every answer, and set cookies). */
const response = (res: ServerResponse) => ({ statusCode: res.statusCode });

/**
 * Every line written while a request or a job runs carries its id as `reqId`, read from the request context when
 * the line is written (a mixin): no logger is made per request, and nothing is done for lines below the level.
 */
const requestIdBinding = (): { reqId?: string } => {
  const reqId = currentRequestId();
  // A new object each time: pino merges the line's fields into it.
  return reqId === undefined ? {} : { reqId };
};

/** Readable lines for people: `[Context] message · request id`, the request's fields folded into the message. */
function readableLines(): DestinationStream {
  return pretty({
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,context,reqId,req,res,responseTime',
    messageFormat: '{if context}[{context}] {end}{msg}{if reqId} · {reqId}{end}',
  });
}

/** The process's logger: its level, the request id on every line, the raw request and answer as logged. */
export function rootLoggerOptions(config: AppConfig): Options {
  return {
    level: LEVELS[config.logLevel],
    redact: SECRET_HEADERS,
    mixin: requestIdBinding,
    // Ours take the raw request and answer (requestLogHook hands them) and run only for a line that is written.
    serializers: { req: request, res: response },
    wrapSerializers: false,
  };
}

/**
 * nestjs-pino for the API and the worker: every Nest `Logger` call routed to pino, bound to the id (`reqId`) of the
 * request or job it runs for. JSON lines in production, readable ones otherwise; `destination` (tests) takes JSON
 * lines instead of stdout. The request's own line is ours (requestLogHook): pino-http's middleware made two child
 * loggers per request, one serialising every header, even when the level wrote neither, so it is mounted on no route
 * (`forRoutes: []`); its logger, built from these options, is the process's root logger.
 */
export function loggerParams(config: AppConfig, destination?: DestinationStream): Params {
  const options = rootLoggerOptions(config);
  const stream = destination ?? (config.logFormat === 'pretty' ? readableLines() : undefined);
  return { pinoHttp: stream ? [options, stream] : options, forRoutes: [] };
}

/** A request's line level: failures stand out; the health probes' routine answers stay out of the way. */
export function requestLineLevel(req: IncomingMessage, res: ServerResponse): Level {
  return res.statusCode >= 500 ? 'warn' : loggedPath(req) === '/health' ? 'debug' : 'info';
}
