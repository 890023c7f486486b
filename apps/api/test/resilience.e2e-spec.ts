import { getQueueToken } from '@nestjs/bullmq';
import { QUEUES, expireOrderJobId, type ProfessionalListItem } from '@oficios/domain';
import type { Queue } from 'bullmq';
import request from 'supertest';
import type { App } from 'supertest/types';
import { recordsOf } from './factories';
import { drained, orderFromCart, orderStatus } from './support/checkout';
import { eventually } from './support/eventually';
import { registerAccount, type BrowserClient } from './support/http-client';
import { startRedisServer, type DedicatedRedis } from './support/redis-server';
import { startSmtpTrap, type SmtpTrap } from './support/smtp-trap';
import { spawnWorker, type WorkerProcess } from './support/spawn-worker';
import { startTestApp, type TestContext } from './support/test-app';

// Spawns processes and restarts Redis: give each test room on a busy machine.
jest.setTimeout(120_000);

/** What a worker process needs to share the test app's database, Redis keys, mail server and sandbox. */
function workerEnv(ctx: TestContext, smtp: SmtpTrap): Record<string, string> {
  return {
    // The same stand-ins as the test app: the worker reads payments from the sandbox with the deployment's credentials.
    DEMO_MODE: 'true',
    DATABASE_URL: ctx.config.databaseUrl,
    REDIS_URL: ctx.config.redisUrl,
    REDIS_PREFIX: ctx.config.redisPrefix,
    PUBLIC_API_URL: ctx.config.publicApiUrl,
    SMTP_URL: smtp.url,
    JOB_LOCK_MS: '1000',
    JOB_STALLED_INTERVAL_MS: '300',
    JOB_BACKOFF_MS: '100',
    OUTBOX_POLL_MS: '200',
    // The worker honours LOG_LEVEL: at 'log' it says "Worker listo", which startWorker waits for (kept in memory, not printed).
    LOG_LEVEL: 'log',
  };
}

async function payInSandbox(http: App, url: string): Promise<void> {
  const checkout = new URL(url);
  const paid = await request(http).post(`${checkout.pathname}/pay`).type('form').send({ decision: 'approve' });
  expect(paid.status).toBe(303);
}

describe('Redis stopped while orders are created', () => {
  let redis: DedicatedRedis;
  let ctx: TestContext;

  beforeAll(async () => {
    redis = await startRedisServer();
    ctx = await startTestApp({ professionals: 6, env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await ctx?.close();
    await redis?.close();
  });

  it('delivers every event once Redis is back, none twice', async () => {
    const http = ctx.app.getHttpServer();
    const { client, id: clientId } = await registerAccount(http, 'outage@resilience.test');
    const cartId = (await client.get('/home/user/me')).body.cart.id;
    const pros = (await request(http).get('/home/professionals')).body as ProfessionalListItem[];
    await orderFromCart(client, cartId, [pros[0]]);
    // Everything before the outage is delivered (this Redis keeps nothing across a restart).
    await drained(ctx.app, ctx.db.dataSource);

    await redis.stop();
    const created: number[] = [];
    for (let i = 1; i <= 5; i++) {
      // The cart changes each time: each checkout replaces the open order (OrderStatusChanged) with a new one (OrderCreated).
      expect((await client.post('/api/cart', { professionalId: pros[i].id, days: pros[i].availableDays.slice(0, 1) })).status).toBe(201);
      const response = await client.post('/api/orders', { cartId });
      expect(response.status).toBe(201);
      created.push(response.body.newOrder.id);
    }
    const pendingTypes = (await recordsOf(ctx).pendingOutboxEvents()).map((event) => event.type).sort();
    const pending = [...new Set(pendingTypes)].map((type) => ({ type, count: pendingTypes.filter((t) => t === type).length }));
    // Checkout i (1–5) replaces an order of i lines by one of i + 1: each line leaving its path (15) and each line
    // released (15) announces itself, and each checkout's holds are announced together (5).
    expect(pending).toEqual([
      { type: 'BookingStatusChanged', count: 15 },
      { type: 'CalendarChanged', count: 20 },
      { type: 'OrderCreated', count: 5 },
      { type: 'OrderStatusChanged', count: 5 },
      { type: 'expire-order', count: 5 },
    ]);

    await redis.start();
    await drained(ctx.app, ctx.db.dataSource);
    const noticed = (await recordsOf(ctx).notifications({ userId: clientId, kind: 'order-created' })).map(({ data }) => data.orderId);
    const notices = created
      .filter((orderId) => noticed.includes(orderId))
      .map((orderId) => ({ orderId, count: noticed.filter((id) => id === orderId).length }));
    expect(notices).toEqual(created.map((orderId) => ({ orderId, count: 1 })));
    // Each order's expiry, scheduled with it, waits in the orders queue.
    const orders = ctx.app.get<Queue>(getQueueToken(QUEUES.orders), { strict: false });
    for (const orderId of created) expect(await orders.getJobState(expireOrderJobId(orderId))).toBe('delayed');
  });
});

describe('worker processes', () => {
  let smtp: SmtpTrap;
  let ctx: TestContext;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    smtp = await startSmtpTrap();
    // The API runs no workers here: the spawned worker processes do.
    ctx = await startTestApp({ professionals: 8, env: { WORKERS: 'off', SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.kill('SIGKILL')));
    await ctx?.close();
    await smtp?.close();
  });

  async function startWorker(): Promise<WorkerProcess> {
    const worker = spawnWorker(workerEnv(ctx, smtp));
    workers.push(worker);
    await worker.waitForOutput(/Worker listo/, 60_000);
    return worker;
  }

  /** A new client, once its registration mail (the e-mail verification link) went out: a held mail is then the order's. */
  async function newClient(email: string) {
    const { client } = await registerAccount(ctx.app.getHttpServer(), email);
    await eventually(() => smtp.messages.some((message) => message.to === email), 30_000);
    return client;
  }

  async function paidOrder(client: BrowserClient, professionals: ProfessionalListItem[]) {
    const http = ctx.app.getHttpServer();
    const cartId = (await client.get('/home/user/me')).body.cart.id;
    const order = await orderFromCart(client, cartId, professionals);
    const link = await client.post('/api/mercado', { orderId: order.id });
    await payInSandbox(http, link.body.url);
    return order;
  }

  const newJobMails = (orderId: number) => smtp.messages.filter((message) => message.subject.includes(`(orden ${orderId})`));

  it('retries a job whose worker was killed in the middle, and its effect happens once', async () => {
    const pros = (await request(ctx.app.getHttpServer()).get('/home/professionals')).body as ProfessionalListItem[];
    const first = await startWorker();
    const client = await newClient('killed@resilience.test');
    smtp.hold();
    const order = await paidOrder(client, [pros[0]]);
    // The worker is sending the professional's mail: the SMTP server holds it there.
    await smtp.waitForHeld(30_000);
    expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('procesando');
    await first.kill('SIGKILL');
    expect(newJobMails(order.id)).toHaveLength(0);

    smtp.release();
    await startWorker();
    await eventually(() => expect(newJobMails(order.id)).toHaveLength(1), 30_000);
    await drained(ctx.app, ctx.db.dataSource);
    const notifications = ctx.app.get<Queue>(getQueueToken(QUEUES.notifications), { strict: false });
    const [retried] = (await notifications.getJobs(['completed'])).filter(
      (job) => job.name === 'OrderStatusChanged' && (job.data as { payload: { orderId: number } }).payload.orderId === order.id,
    );
    // Taken back from the dead worker once, then completed by the new one.
    expect(retried.stalledCounter).toBe(1);
    const rows = (await recordsOf(ctx).notifications({ kind: 'new-job', data: { orderId: order.id } })).map(({ userId, mailedAt }) => ({
      userId,
      mailed: mailedAt !== null,
    }));
    expect(rows).toEqual([{ userId: pros[0].id, mailed: true }]);
    const changes = (await recordsOf(ctx).orderStatusChanges(order.id)).map(({ toStatus }) => ({ toStatus }));
    expect(changes).toEqual([{ toStatus: 'procesando' }]);
    expect(newJobMails(order.id)).toHaveLength(1);
  });

  it('shares the work between several worker processes, each effect once', async () => {
    const pros = (await request(ctx.app.getHttpServer()).get('/home/professionals')).body as ProfessionalListItem[];
    await startWorker();
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await paidOrder(await newClient(`shared${i}@resilience.test`), [pros[1 + (i % 3)], pros[5]]));
    for (const order of orders) await eventually(() => expect(newJobMails(order.id)).toHaveLength(2), 30_000);
    await drained(ctx.app, ctx.db.dataSource);
    for (const order of orders) {
      expect(await orderStatus(ctx.db.dataSource, order.id)).toBe('procesando');
      expect(newJobMails(order.id)).toHaveLength(2);
    }
  });

  it('finishes the running job on SIGTERM before exiting', async () => {
    const pros = (await request(ctx.app.getHttpServer()).get('/home/professionals')).body as ProfessionalListItem[];
    // Only one worker left running, so the held job is its job.
    await Promise.all(workers.splice(0).map((worker) => worker.kill('SIGKILL')));
    const worker = await startWorker();
    const client = await newClient('graceful@resilience.test');
    // Nothing else in flight: the job held below is this order's.
    await drained(ctx.app, ctx.db.dataSource);
    smtp.hold();
    const order = await paidOrder(client, [pros[6]]);
    await smtp.waitForHeld(30_000);
    const stopping = worker.kill('SIGTERM');
    // Still finishing its job: released now, the mail goes out and the process ends cleanly.
    smtp.release();
    const exit = await stopping;
    // Nest re-raises the signal once its shutdown hooks are done.
    expect(exit).toEqual({ code: null, signal: 'SIGTERM' });
    // Killed outright, the held mail would have been dropped with the connection.
    expect(newJobMails(order.id)).toHaveLength(1);
    const [row] = (await recordsOf(ctx).notifications({ kind: 'new-job', data: { orderId: order.id } })).map(({ mailedAt }) => ({
      mailed: mailedAt !== null,
    }));
    expect(row).toEqual({ mailed: true });
  });
});
