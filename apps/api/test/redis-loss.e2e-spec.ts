import { getQueueToken } from '@nestjs/bullmq';
import { DAYS, QUEUES } from '@oficios/domain';
import type { Queue } from 'bullmq';
import Redis from 'ioredis';
import request from 'supertest';
import type { App } from 'supertest/types';
import { PaymentCredentials, bookableProfessional, recordsOf } from './factories';
import { BOOKING_NOW as NOW, bookingClock } from './support/bookings';
import { cartIdOf, orderStatus } from './support/checkout';
import { eventually } from './support/eventually';
import { freePort } from './support/free-port';
import { registerAccount, type BrowserClient } from './support/http-client';
import { mailsTo } from './support/mail-outbox';
import { startRedisServer, type DedicatedRedis } from './support/redis-server';
import { startTestApp, type TestContext } from './support/test-app';

// Two apps and a Redis of the suite's own, and work that waits for the reconciler's next run.
jest.setTimeout(120_000);

/**
 * Redis losing everything delays work and loses none of it: what is owed is a state in Postgres, and the reconciler
 * (every RECONCILE_EVERY_MS, and at start) does whatever is due and not done. MercadoPago is another deployment's
 * sandbox here (on the shared Redis), as the real one would be: it keeps its payments when our Redis forgets.
 */
const clock = bookingClock();
let redis: DedicatedRedis;
let provider: TestContext;
let market: TestContext;
let http: App;
let accounts = 0;

beforeAll(async () => {
  redis = await startRedisServer();
  const marketPort = await freePort();
  const marketUrl = `http://127.0.0.1:${marketPort}`;
  provider = await startTestApp({ professionals: 0, env: { MP_NOTIFICATION_URL: `${marketUrl}/api/mercado/webhook` } });
  const { accessToken, webhookSecret } = await provider.app.get(PaymentCredentials).get();
  market = await startTestApp({
    professionals: 0,
    clock,
    port: marketPort,
    env: {
      REDIS_URL: redis.url,
      MP_ACCESS_TOKEN: accessToken,
      MP_WEBHOOK_SECRET: webhookSecret,
      MP_API_URL: `${provider.config.publicApiUrl}/sandbox/mercadopago`,
      RECONCILE_EVERY_MS: '500',
    },
  });
  http = market.app.getHttpServer();
});
afterAll(async () => {
  await market?.close();
  await provider?.close();
  await redis?.close();
});

const queue = (name: (typeof QUEUES)[keyof typeof QUEUES]) => market.app.get<Queue>(getQueueToken(name), { strict: false });
const lineOf = (orderId: number) => recordsOf(market).bookingOf(orderId);
const refundsOf = async (lineId: number): Promise<{ cause: string; status: string }[]> =>
  (await recordsOf(market).refunds({ bookingId: lineId })).map(({ cause, status }) => ({ cause, status }));

/** A client's order of a professional of its own, on one date; paid at the provider (and applied) when `pay`. */
async function order(date: string, pay: boolean): Promise<{ client: BrowserClient; email: string; pro: BrowserClient; orderId: number }> {
  const email = `client${++accounts}@redis-loss.test`;
  const { client } = await registerAccount(http, email);
  const { client: pro, id: proId } = await registerAccount(http, `pro${accounts}@redis-loss.test`, 'profesional');
  await bookableProfessional(http, proId, { firstName: 'Luis', availableDays: [...DAYS], dayPriceCents: 1_500_000 });
  expect((await client.post('/api/cart', { professionalId: proId, dates: [date] })).status).toBe(201);
  const created = await client.post('/api/orders', { cartId: await cartIdOf(client) });
  expect(created.status).toBe(201);
  const orderId = created.body.newOrder.id as number;
  if (pay) {
    const link = await client.post('/api/mercado', { orderId });
    expect(link.status).toBe(201);
    await payAtProvider(link.body.url);
    await eventually(async () => expect(await orderStatus(market.db.dataSource, orderId)).toBe('procesando'));
  }
  return { client, email, pro, orderId };
}

/** Pays a link at the provider, whose checkout is the other deployment's sandbox. */
async function payAtProvider(url: string): Promise<void> {
  const paid = await request(provider.app.getHttpServer())
    .post(`${new URL(url).pathname}/pay`)
    .type('form')
    .send({ decision: 'approve' });
  expect(paid.status).toBe(303);
}

it('a refund, a deadline, a payment and a mail queued when Redis loses everything are all done after the next reconciliation', async () => {
  clock.set(NOW);
  const declined = await order('2026-12-10', true);
  const unanswered = await order('2026-12-11', true);
  const unpaid = await order('2026-12-12', false);
  const link = await unpaid.client.post('/api/mercado', { orderId: unpaid.orderId });
  expect(link.status).toBe(201);

  // Nothing is processed from here on until Redis forgets: the jobs only wait in it.
  for (const name of Object.values(QUEUES)) await queue(name).pause();
  const declinedLine = await lineOf(declined.orderId);
  expect((await declined.pro.post(`/api/bookings/${declinedLine.id}/decline`, { reason: 'Estoy de viaje' })).status).toBe(200);
  await payAtProvider(link.body.url);
  await eventually(async () => {
    const waiting = await queue(QUEUES.payments).getJobs(['waiting']);
    const names = waiting.map((job) => job.name);
    expect(names).toEqual(expect.arrayContaining(['BookingRefundRequested', 'PaymentNotified']));
    expect((await queue(QUEUES.notifications).getJobs(['waiting'])).map((job) => job.name)).toContain('BookingStatusChanged');
  });
  // Recorded with the decline, not yet asked of the provider.
  expect(await refundsOf(declinedLine.id)).toEqual([{ cause: 'declined', status: 'requested' }]);

  const flusher = new Redis(redis.url);
  await flusher.flushall();
  flusher.disconnect();
  // The unanswered booking's professional lets its answer deadline pass (its delayed job went with Redis too).
  clock.set(NOW.getTime() + 25 * 3_600_000);

  await eventually(async () => {
    // The refund owed for the declined booking was made at the provider and recorded on the booking.
    expect(await refundsOf(declinedLine.id)).toEqual([{ cause: 'declined', status: 'approved' }]);
    expect((await lineOf(declined.orderId)).lineStatus).toBe('refunded');
    // The booking nobody answered expired at its deadline, and its money went back too.
    expect((await lineOf(unanswered.orderId)).lineStatus).toBe('refunded');
    // The payment whose notification was lost paid its order.
    expect(await orderStatus(market.db.dataSource, unpaid.orderId)).toBe('procesando');
    // The mail telling the client that the professional declined (and why) went out.
    expect(mailsTo(market.config.mail.outboxDir, declined.email).join('\n')).toContain('Estoy de viaje');
  }, 60_000);
});
