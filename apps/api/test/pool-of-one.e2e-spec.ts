import request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogService } from '../src/modules/catalog/catalog.service';
import type { App } from 'supertest/types';
import { bookableProfessional, recordsOf } from './factories';
import { bookingClock } from './support/bookings';
import { orderFromCart, payOrder } from './support/checkout';
import { registerAccount, type BrowserClient } from './support/http-client';
import { startTestApp, type TestContext } from './support/test-app';

/**
 * A request that holds a pooled connection in a transaction and then asks the pool for a second one deadlocks as soon
 * as every connection is held by requests waiting on it (CI saw it: racing payment requests, a pool of 10). With a
 * pool of one connection that happens on the first such request, so these flows prove they need one connection at a
 * time.
 */
let ctx: TestContext;
let http: App;
let pro: BrowserClient;
let proId: number;

beforeAll(async () => {
  ctx = await startTestApp({
    professionals: 0,
    clock: bookingClock(),
    env: { DATABASE_POOL_SIZE: '1', DATABASE_POOL_TIMEOUT_MS: '2000', LISTING_CACHE_TTL_MS: '0' },
  });
  http = ctx.app.getHttpServer();
  ({ client: pro, id: proId } = await registerAccount(http, 'juan@pool.test', 'profesional'));
  await bookableProfessional(http, proId, { availableDays: ['lunes', 'jueves'], dayPriceCents: 1_000_000 });
});
afterAll(() => ctx?.close());

it('with one pooled connection: a client asks, books, gets its payment link and pays; the professional accepts and answers', async () => {
  const { client } = await registerAccount(http, 'ana@pool.test');
  const conversation = await client.post('/api/conversations', { professionalId: proId });
  expect(conversation.status).toBe(201);
  expect((await client.post(`/api/conversations/${conversation.body.id}/messages`, { text: '¿Puede venir?' })).status).toBe(201);

  const availability = await request(http).get(`/home/professionals/${proId}/availability?to=2026-12-14`);
  expect(availability.body.dates).toEqual(['2026-12-03', '2026-12-07', '2026-12-10', '2026-12-14']);
  const cartId = (await client.get('/home/user/me')).body.cart.id;
  const listed = (await request(http).get(`/home/professionals/${proId}`)).body;
  const order = await orderFromCart(client, cartId, [{ ...listed, id: proId, availableDays: ['lunes'] }]);
  await payOrder(http, ctx.db.dataSource, client, order.id);

  const line = await recordsOf(ctx).bookingOf(order.id);
  expect((await pro.post(`/api/bookings/${line.id}/accept`, {})).body.lineStatus).toBe('confirmed');
  expect((await pro.post(`/api/conversations/${conversation.body.id}/messages`, { text: 'Sí, el lunes' })).status).toBe(201);
  expect((await client.get('/api/orders')).status).toBe(200);
});

it('a request that gets no pooled connection in DATABASE_POOL_TIMEOUT_MS is answered 503, and the next one is served', async () => {
  // Something holds the only connection (a stuck transaction): requests fail fast instead of queueing forever.
  const holder = ctx.app.get(DataSource).createQueryRunner();
  await holder.connect();
  await holder.startTransaction();
  try {
    const busy = await request(http).get(`/home/professionals/${proId}`);
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.body).toMatchObject({ statusCode: 503, code: 'database_busy', message: expect.stringMatching(/ocupado/) });
  } finally {
    await holder.rollbackTransaction();
    await holder.release();
  }
  expect((await request(http).get(`/home/professionals/${proId}`)).status).toBe(200);
  // Refusals keep their shape, and any other failure is still a plain 500.
  expect((await request(http).get('/home/professionals/999999')).body).toMatchObject({ statusCode: 404, code: 'not_found' });
  const broken = jest.spyOn(ctx.app.get(CatalogService), 'getProfessional').mockRejectedValueOnce(new Error('boom'));
  try {
    const failed = await request(http).get(`/home/professionals/${proId}`);
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ statusCode: 500, message: 'Internal server error' });
  } finally {
    broken.mockRestore();
  }
});
