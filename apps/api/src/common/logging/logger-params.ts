import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { DestinationStream, Level } from 'pino';
import type { Options } from 'pino-http';
import pretty from 'pino-pretty';
import type { AppConfig } from '../../config/app-config';
import { requestIdOf } from '../request-context/request-context.hooks';

const LEVELS: Record<AppConfig['logLevel'], Level> = { error: 'error', warn: 'warn', log: 'info', debug: 'debug' };

/** Headers that carry credentials: the session cookie, tokens, MercadoPago's signature. */
const SECRET_HEADERS = ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-signature"]', 'req.headers["x-xsrf-token"]'];

/** Query parameters that carry credentials (Google's OAuth code and state, the stand-in's access token). */
const SECRET_QUERY = /([?&](?:code|state|access_token|token)=)[^&#]*/g;
export const withoutSecrets = (url: string): string => url.replace(SECRET_QUERY, '$1[Redacted]');

interface SerializedRequest {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  remoteAddress?: string;
}

/** The request as logged: no id (it is `reqId`), no query or params (they are in the URL), no secrets in the URL. */
const request = (req: SerializedRequest) => ({
  method: req.method,
  url: withoutSecrets(req.url),
  headers: req.headers,
  remoteAddress: req.remoteAddress,
});

/** The answer as logged: its status (its headers are the same on every answer, and set cookies). */
const response = (res: { statusCode: number }) => ({ statusCode: res.statusCode });

/** The URL as asked (a router may rewrite `req.url` of a mounted app), without secrets. */
const pathOf = (req: IncomingMessage): string =>
  withoutSecrets((req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '');
const summary = (req: IncomingMessage, res: ServerResponse): string => `${req.method} ${pathOf(req)} ${res.statusCode}`;

/** Readable lines for people: `[Context] message · request id`, the request's fields folded into the message. */
function readableLines(): DestinationStream {
  return pretty({
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,context,reqId,req,res,responseTime',
    messageFormat: '{if context}[{context}] {end}{msg}{if reqId} · {reqId}{end}',
  });
}

/**
 * nestjs-pino for the API and the worker: one line per request (its id, method, URL, status and time) and every
 * Nest `Logger` call routed to pino, bound to the request id (`reqId`) of the request or job it runs for. JSON
 * lines in production, readable ones otherwise; `destination` (tests) takes JSON lines instead of stdout.
 */
export function loggerParams(config: AppConfig, destination?: DestinationStream): Params {
  const options: Options = {
    level: LEVELS[config.logLevel],
    redact: SECRET_HEADERS,
    // The id is the request's own (Fastify's genReqId, requestIdOf), bound to every line as `reqId`.
    genReqId: (req: IncomingMessage) => requestIdOf(req),
    quietReqLogger: true,
    serializers: { req: request, res: response },
    // Failures stand out; the health probes' routine answers stay out of the way.
    customLogLevel: (req: IncomingMessage, res: ServerResponse, error?: Error) =>
      error || res.statusCode >= 500 ? 'warn' : pathOf(req) === '/health' ? 'debug' : 'info',
    customSuccessMessage: (req: IncomingMessage, res: ServerResponse, responseTime: number) => `${summary(req, res)} ${responseTime} ms`,
    customErrorMessage: summary,
  };
  const stream = destination ?? (config.logFormat === 'pretty' ? readableLines() : undefined);
  return { pinoHttp: stream ? [options, stream] : options };
}
