import { getQueueToken } from '@nestjs/bullmq';
import { QUEUES } from '@oficios/domain';
import type { Queue } from 'bullmq';
import { Client } from 'pg';
import request from 'supertest';
import { eventually } from './support/eventually';
import { startTestApp, type TestContext } from './support/test-app';

const everyQueue = (status: 'up' | 'down') =>
  Object.fromEntries(Object.values(QUEUES).map((name) => [name, expect.objectContaining({ status })]));

describe('GET /health when Redis is unreachable', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Nothing listens on this port: the API must still start and report Redis down.
    ctx = await startTestApp({ professionals: 1, env: { REDIS_URL: 'redis://127.0.0.1:6390' } });
  });
  afterAll(() => ctx?.close());

  it('answers 503 naming the part that is down, while the catalogue keeps working', async () => {
    const response = await request(ctx.app.getHttpServer()).get('/health').expect(503);
    expect(response.body).toMatchObject({ status: 'error', database: 'up', redis: 'down', queues: everyQueue('down') });
    await request(ctx.app.getHttpServer()).get('/home/professions').expect(200);
  });
});

describe('GET /health', () => {
  const MAX_LAG_MS = 60_000;
  let ctx: TestContext;
  let payments: Queue;
  beforeAll(async () => {
    // No worker takes jobs here: what is put on a queue stays waiting.
    ctx = await startTestApp({ professionals: 1, env: { WORKERS: 'off', HEALTH_MAX_QUEUE_LAG_MS: String(MAX_LAG_MS) } });
    payments = ctx.app.get<Queue>(getQueueToken(QUEUES.payments), { strict: false });
  });
  afterAll(() => ctx?.close());

  const health = () => request(ctx.app.getHttpServer()).get('/health');

  it('answers 200 with the database, Redis and every queue up, and how long each queue has kept a job waiting', async () => {
    const response = await health().expect(200);
    expect(response.body).toMatchObject({ status: 'ok', database: 'up', redis: 'up', queues: everyQueue('up') });
    expect(response.body.queues.payments).toEqual({ status: 'up', waiting: 0, lagMs: 0 });
    expect(response.headers['cache-control']).toMatch(/no-cache/);
  });

  it('reports a queue down when its oldest waiting job has waited longer than HEALTH_MAX_QUEUE_LAG_MS', async () => {
    // A job put on the queue two minutes ago that no worker has taken, and a fresh one behind it.
    const stale = await payments.add('expire-order', { orderId: 1 }, { timestamp: Date.now() - 2 * MAX_LAG_MS });
    const fresh = await payments.add('expire-order', { orderId: 2 });
    try {
      const response = await health().expect(503);
      expect(response.body).toMatchObject({ status: 'error', database: 'up', redis: 'up' });
      expect(response.body.queues.payments).toMatchObject({ status: 'down', waiting: 2 });
      expect(response.body.queues.payments.lagMs).toBeGreaterThanOrEqual(2 * MAX_LAG_MS);
      expect(response.body.queues.notifications).toEqual({ status: 'up', waiting: 0, lagMs: 0 });

      // Waiting less than the limit is no failure.
      await stale.remove();
      const recovered = await health().expect(200);
      expect(recovered.body.queues.payments).toMatchObject({ status: 'up', waiting: 1 });
      expect(recovered.body.queues.payments.lagMs).toBeLessThan(MAX_LAG_MS);
    } finally {
      await payments.remove(stale.id!);
      await fresh.remove();
    }
  });

  it('reports the database down while it refuses connections, and up again once it takes them', async () => {
    const server = new Client({ connectionString: ctx.config.databaseUrl.replace(/\/[^/]+$/, '/postgres') });
    await server.connect();
    const name = ctx.db.name;
    try {
      // Closed to new connections, and the open ones ended (the name is the test database's own).
      await server.query(
        `ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false;
         SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
      );
      const response = await health().expect(503);
      expect(response.body).toMatchObject({ status: 'error', database: 'down', redis: 'up', queues: everyQueue('up') });
    } finally {
      await server.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);
      await server.end();
    }
    await eventually(async () => expect((await health()).status).toBe(200));
  });
});
