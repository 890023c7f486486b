import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { AppConfig } from '../../config/app-config';
import { runWithRequestId } from '../request-context/request-context';
import { rootLoggerOptions } from './logger-params';
import { abortedRequestLogHook, requestLogHook } from './request-log.hook';

/** The process's logger as configured for LOG_LEVEL, writing JSON lines a test reads. */
function loggerAt(logLevel: AppConfig['logLevel']) {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  const logger = pino(rootLoggerOptions({ logLevel, logFormat: 'json' } as AppConfig), stream);
  const lines = () =>
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, lines };
}

/** A request as Fastify hands it to an onResponse hook; `headersRead` counts every read of the raw headers. */
function answered(url: string, statusCode: number) {
  const read = { headers: 0 };
  const headers = { cookie: 'oficios_session=secreto', 'user-agent': 'prueba' };
  const raw = {
    method: 'GET',
    url,
    socket: { remoteAddress: '10.0.0.7' },
    get headers() {
      read.headers++;
      return headers;
    },
  } as unknown as IncomingMessage;
  const request = { id: 'pedido-1', method: 'GET', raw } as unknown as FastifyRequest;
  const reply = { raw: { statusCode } as ServerResponse, statusCode, elapsedTime: 12.4 } as unknown as FastifyReply;
  return { request, reply, read };
}

const run = (hook: ReturnType<typeof requestLogHook>, request: FastifyRequest, reply: FastifyReply) =>
  new Promise<void>((done) => hook(request, reply, () => done()));

describe('requestLogHook', () => {
  it('writes one line with the id, the request without secrets, the status and the time', async () => {
    const { logger, lines } = loggerAt('log');
    const { request, reply } = answered('/auth/google/callback?code=4%2F0Ae&page=2', 200);
    await run(requestLogHook(logger), request, reply);
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 30,
        reqId: 'pedido-1',
        req: {
          method: 'GET',
          url: '/auth/google/callback?code=[Redacted]&page=2',
          headers: { cookie: '[Redacted]', 'user-agent': 'prueba' },
          remoteAddress: '10.0.0.7',
        },
        res: { statusCode: 200 },
        responseTime: 12,
        msg: 'GET /auth/google/callback?code=[Redacted]&page=2 200 12 ms',
      }),
    ]);
  });

  it('reads nothing of a request whose line the level does not write', async () => {
    const { logger, lines } = loggerAt('error');
    const { request, reply, read } = answered('/home/professionals?page=2', 200);
    await run(requestLogHook(logger), request, reply);
    expect(lines()).toEqual([]);
    expect(read.headers).toBe(0);
  });

  it('writes failures as warnings and the health probes only when debugging', async () => {
    const { logger, lines } = loggerAt('warn');
    const hook = requestLogHook(logger);
    const failed = answered('/api/orders', 503);
    await run(hook, failed.request, failed.reply);
    await run(hook, answered('/health', 200).request, answered('/health', 200).reply);
    expect(lines().map((line) => [line.level, line.msg])).toEqual([[40, 'GET /api/orders 503 12 ms']]);

    const debugging = loggerAt('debug');
    const probe = answered('/health', 200);
    await run(requestLogHook(debugging.logger), probe.request, probe.reply);
    expect(debugging.lines().map((line) => line.level)).toEqual([20]);
  });

  it('writes a request its client stopped sending as a warning', async () => {
    const { logger, lines } = loggerAt('warn');
    const { request } = answered('/api/upload', 0);
    await new Promise<void>((done) => abortedRequestLogHook(logger)(request, () => done()));
    expect(lines()).toEqual([
      expect.objectContaining({ level: 40, reqId: 'pedido-1', msg: 'GET /api/upload interrumpido por el cliente' }),
    ]);
  });
});

describe('the request id on every line', () => {
  it('is the id of the request or job the line is written for, and absent outside them', () => {
    const { logger, lines } = loggerAt('log');
    logger.info('al arrancar');
    runWithRequestId('pedido-2', () => logger.info('durante el pedido'));
    runWithRequestId('trabajo-3', () => logger.child({ context: 'Payments' }).info('durante el trabajo'));
    expect(lines().map((line) => [line.msg, line.reqId])).toEqual([
      ['al arrancar', undefined],
      ['durante el pedido', 'pedido-2'],
      ['durante el trabajo', 'trabajo-3'],
    ]);
  });
});
