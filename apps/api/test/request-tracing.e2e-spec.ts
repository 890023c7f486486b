import { getQueueToken } from '@nestjs/bullmq';
import { QUEUES, eventJobId, type ProfessionalListItem } from '@oficios/domain';
import type { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import request from 'supertest';
import type { App } from 'supertest/types';
import { OutboxService } from '../src/modules/outbox/outbox.service';
import { recordsOf } from './factories';
import { orderFromCart, orderStatus } from './support/checkout';
import { eventually } from './support/eventually';
import { sessionCookie } from './support/cookies';
import { registerAccount } from './support/http-client';
import { captureLogs, type LogLine } from './support/log-capture';
import { startTestApp, type TestContext } from './support/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The logger is one per process (as in production): this suite's app is the only one here, so its lines are all ours.
const logs = captureLogs();
let ctx: TestContext;
let http: App;
let pros: ProfessionalListItem[];

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 6, env: { LOG_LEVEL: 'log' }, logDestination: logs.stream });
  http = ctx.app.getHttpServer();
  pros = (await request(http).get('/home/professionals')).body as ProfessionalListItem[];
});
afterAll(() => ctx?.close());

const uniqueId = (label: string) => `${label}-${randomBytes(6).toString('hex')}`;
const linesOf = (reqId: string): LogLine[] => logs.lines().filter((line) => line.reqId === reqId);

/** The outbox rows of a type whose payload contains `payload`, oldest first. */
const outboxRows = (type: string, payload: Record<string, unknown>) => recordsOf(ctx).outboxEvents(type, payload);

describe('X-Request-Id', () => {
  it.each([['click-42'], ['a'], ['x'.repeat(100)], ['Pedido #7 (web) ~ !"$%&\'*+,./:;<=>?@[\\]^_`{|}']])(
    'answers the request id it was given: %j',
    async (given) => {
      const response = await request(http).get('/home/professions').set('X-Request-Id', given).expect(200);
      expect(response.headers['x-request-id']).toBe(given);
    },
  );

  it('makes up a new UUID for each request that brings none', async () => {
    const [first, second] = await Promise.all([request(http).get('/home/professions'), request(http).get('/home/professions')]);
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it.each([
    ['too long', 'x'.repeat(101)],
    ['empty', ''],
    ['not ASCII', 'pedido-ñandú'],
    ['with a tab', 'pedido\tuno'],
  ])('replaces a malformed one (%s) with a new UUID instead of refusing the request', async (_, given) => {
    const response = await request(http).get('/home/professions').set('X-Request-Id', given).expect(200);
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it('answers it on errors and on files served from /uploads too', async () => {
    const notFound = await request(http).get('/api/nothing-here').set('X-Request-Id', 'lost-1').expect(404);
    expect(notFound.headers['x-request-id']).toBe('lost-1');
    const invalid = await request(http).post('/home/user/login').set('X-Request-Id', 'bad-json-1').type('json').send('{"email":');
    expect(invalid.status).toBe(400);
    expect(invalid.headers['x-request-id']).toBe('bad-json-1');
    const upload = await request(http).get('/uploads/missing.png').set('X-Request-Id', 'upload-1');
    expect(upload.headers['x-request-id']).toBe('upload-1');
  });
});

describe('structured logs', () => {
  it('writes one JSON line per request with its id, method, path and status, and no secret', async () => {
    const { client } = await registerAccount(http, 'logs@tracing.test');
    const reqId = uniqueId('me');
    await client.send('get', '/home/user/me', undefined, {
      'X-Request-Id': reqId,
      Authorization: 'Bearer token-que-no-se-escribe',
      'X-Signature': 'ts=1,v1=firma-que-no-se-escribe',
    });
    const line = await eventually(() => {
      const found = linesOf(reqId).find((entry) => entry.res?.statusCode === 200);
      expect(found).toBeDefined();
      return found!;
    });
    expect(line.req).toMatchObject({ method: 'GET', url: '/home/user/me' });
    // One line, not one of ours and one of a middleware's.
    expect(linesOf(reqId).filter((entry) => entry.res !== undefined)).toHaveLength(1);
    expect(line.req?.headers).toMatchObject({ cookie: '[Redacted]', authorization: '[Redacted]', 'x-signature': '[Redacted]' });
    const text = logs.text();
    expect(text).not.toContain('token-que-no-se-escribe');
    expect(text).not.toContain('firma-que-no-se-escribe');

    // The session cookie a sign-in answers is not written either.
    const login = await client.post('/home/user/login', { email: 'logs@tracing.test', password: 'clave-segura-1', google: false });
    const session = ([] as string[]).concat(login.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0].split('=')[1]);
    expect(session.length).toBeGreaterThan(0);
    await eventually(() => expect(linesOf(login.headers['x-request-id']).some((entry) => entry.res?.statusCode === 200)).toBe(true));
    for (const value of session.filter((cookie) => cookie.length > 10)) expect(logs.text()).not.toContain(value);
  });
});

describe('the request id follows a click to the worker', () => {
  it('is written on the outbox row, relayed in the job data, and bound to the log lines the job writes', async () => {
    const { client } = await registerAccount(http, 'click@tracing.test');
    const cartId = (await client.get('/home/user/me')).body.cart.id;
    const order = await orderFromCart(client, cartId, [pros[0]]);
    const reqId = uniqueId('click');
    const link = await client.post('/api/mercado', { orderId: order.id }, { 'X-Request-Id': reqId });
    expect(link.status).toBe(201);
    expect(link.headers['x-request-id']).toBe(reqId);

    const [row] = await outboxRows('PaymentRequested', { orderId: order.id });
    expect(row.requestId).toBe(reqId);
    const payments = ctx.app.get<Queue>(getQueueToken(QUEUES.payments), { strict: false });
    const job = await eventually(async () => {
      const found = await payments.getJob(eventJobId(row.id));
      expect(found).toBeDefined();
      return found!;
    });
    expect(job.data).toMatchObject({ eventId: row.id, requestId: reqId });

    // The job's own line (written by the handler, in the worker) carries the id of the click.
    const jobLine = await eventually(() => {
      const found = linesOf(reqId).find((entry) => entry.msg?.startsWith('Pago ') && entry.msg.includes(`orden ${order.id}`));
      expect(found).toBeDefined();
      return found!;
    });
    expect(jobLine).toMatchObject({ context: 'Payments' });
    // So does the line of the request itself: one grep of the id finds both.
    expect(linesOf(reqId).some((entry) => entry.req?.url === '/api/mercado' && entry.res?.statusCode === 201)).toBe(true);
  });

  it('keeps the id when the body arrives after the headers, on a later packet of the socket', async () => {
    const { client } = await registerAccount(http, 'slow@tracing.test');
    const session = sessionCookie(await client.post('/home/user/login', { email: 'slow@tracing.test', password: 'clave-segura-1' }));
    const cartId = (await client.get('/home/user/me')).body.cart.id;
    const order = await orderFromCart(client, cartId, [pros[2]]);
    const reqId = uniqueId('slow');
    const body = JSON.stringify({ orderId: order.id });
    const server = ctx.app.getHttpServer();
    // The server has read the headers (and run the request's first hooks) before the body exists.
    const headersRead = new Promise<void>((resolve) => server.once('request', () => resolve()));
    const answer = new Promise<{ status: number }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: ctx.config.port,
          path: '/api/mercado',
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            cookie: `oficios_session=${session}; XSRF-TOKEN=${encodeURIComponent(client.xsrf!)}`,
            'x-xsrf-token': client.xsrf!,
            'x-request-id': reqId,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        },
      );
      req.on('error', reject);
      req.flushHeaders();
      void headersRead.then(() => req.end(body));
    });
    expect((await answer).status).toBe(201);
    const [row] = await outboxRows('PaymentRequested', { orderId: order.id });
    expect(row.requestId).toBe(reqId);
  });

  it('keeps the id along a chain: the events a job records carry the id of the event it runs', async () => {
    const { client } = await registerAccount(http, 'chain@tracing.test');
    const cartId = (await client.get('/home/user/me')).body.cart.id;
    const order = await orderFromCart(client, cartId, [pros[1]]);
    const link = await client.post('/api/mercado', { orderId: order.id });
    const paid = await request(http)
      .post(`${new URL(link.body.url).pathname}/pay`)
      .type('form')
      .send({ decision: 'approve' });
    expect(paid.status).toBe(303);
    await eventually(async () => expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('procesando'));

    // The sandbox's notification came with MercadoPago's x-request-id: the event of that request has it...
    const [paidChange] = await outboxRows('OrderStatusChanged', { orderId: order.id, to: 'procesando' });
    const notified = (await outboxRows('PaymentNotified', {})).filter((row) => row.requestId === paidChange.requestId);
    expect(notified).toHaveLength(1);
    expect(notified[0].payload.requestId).toBe(paidChange.requestId);
    // ...and the status change the PaymentNotified job recorded in turn keeps it.
    expect(paidChange.requestId).toMatch(UUID);
  });

  it('gives an event recorded outside any request an id of its own, which its job carries', async () => {
    const outbox = ctx.app.get(OutboxService);
    const eventId = await outbox.transaction((manager) => outbox.record(manager, 'ProfessionalUpdated', { professionalId: null }));
    const row = (await recordsOf(ctx).outboxEvent(eventId))!;
    expect(row.requestId).toMatch(UUID);
    const catalog = ctx.app.get<Queue>(getQueueToken(QUEUES.catalog), { strict: false });
    const job = await eventually(async () => {
      const found = await catalog.getJob(eventJobId(eventId));
      expect(found).toBeDefined();
      return found!;
    });
    expect(job.data.requestId).toBe(row.requestId);
  });

  it('gives each run of a scheduled job an id of its own (its queue and job id) in its log lines', async () => {
    const line = await eventually(() => {
      const found = logs.lines().find((entry) => entry.msg?.startsWith('maintenance/prune-expired-sessions '));
      expect(found).toBeDefined();
      return found!;
    });
    const jobId = line.msg!.split(' ')[1];
    expect(jobId).toMatch(/^repeat:/);
    expect(line.reqId).toBe(`maintenance:${jobId}`);
  });
});
