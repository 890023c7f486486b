import type { App } from 'supertest/types';
import { bookingClock, juanAndAnother } from './support/bookings';
import { CalendarRepository, bookableProfessional, recordsOf } from './factories';
import { cartIdOf } from './support/checkout';
import { eventually } from './support/eventually';
import { WRITE, withPostgresWrites } from './support/postgres-writes';
import { registerAccount, type BrowserClient } from './support/http-client';
import { startTestApp, type TestContext } from './support/test-app';

let ctx: TestContext;
let http: App;
let pro: BrowserClient;
let proId: number;
let otherProId: number;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 0, clock: bookingClock() });
  http = ctx.app.getHttpServer();
  ({ pro, proId, otherProId } = await juanAndAnother(http));
});
afterAll(() => ctx?.close());

const lineOf = (orderId: number) => recordsOf(ctx).bookingOf(orderId);
const liveHolds = (where: { professionalId?: number; date?: string | string[] }) => recordsOf(ctx).holds({ ...where, live: true });

describe('checkout holds the dates', () => {
  it('maps the weekday names of a cart to their next bookable dates', async () => {
    const { client } = await registerAccount(http, 'mapa@bookings.test');
    expect((await client.post('/api/cart', { professionalId: proId, days: ['lunes', 'jueves'] })).status).toBe(201);
    const created = await client.post('/api/orders', { cartId: await cartIdOf(client) });
    expect(created.status).toBe(201);
    // Thursday 3 is the first date past the 24 h of lead; Monday 7 the first Monday.
    expect(created.body.newOrder.lines[0]).toMatchObject({
      days: ['lunes', 'jueves'],
      dates: ['2026-12-03', '2026-12-07'],
      reservationAmount: 20000,
    });
    const availability = await client.get(`/home/professionals/${proId}/availability?to=2026-12-14`);
    expect(availability.body.dates).toEqual(['2026-12-10', '2026-12-14']);
    // Checking the unchanged cart out again answers the same order and keeps its holds.
    const again = await client.post('/api/orders', { cartId: await cartIdOf(client) });
    expect(again.body.newOrder.id).toBe(created.body.newOrder.id);
    expect((await client.get(`/home/professionals/${proId}/availability?to=2026-12-14`)).body.dates).toEqual(['2026-12-10', '2026-12-14']);
    // Cancelling the unpaid order frees them.
    expect((await client.delete(`/api/orders/${created.body.newOrder.id}`)).status).toBe(200);
    expect((await lineOf(created.body.newOrder.id)).lineStatus).toBe('cancelled_by_client');
    expect((await liveHolds({ professionalId: proId })).length).toBe(0);
    // The release's event names the professional (it once carried null, and no process dropped its cached answers).
    const released = (await recordsOf(ctx).outboxEvents('CalendarChanged')).at(-1)!;
    expect(released.payload).toEqual({ professionalIds: [proId] });
    expect((await client.get(`/home/professionals/${proId}/availability?to=2026-12-14`)).body.dates).toEqual([
      '2026-12-03',
      '2026-12-07',
      '2026-12-10',
      '2026-12-14',
    ]);
  });

  it('20 clients checking out the same date at once: exactly one holds it, the others get 409 and nothing is written', async () => {
    const clients = await Promise.all(Array.from({ length: 20 }, (_, i) => registerAccount(http, `carrera${i}@bookings.test`)));
    // Every cart chose the same date.
    for (const { client } of clients)
      expect((await client.post('/api/cart', { professionalId: proId, dates: ['2026-12-03'] })).status).toBe(201);
    const carts = await Promise.all(clients.map(({ client }) => cartIdOf(client)));
    const before = await recordsOf(ctx).countOrders();
    const answers = await Promise.all(clients.map(({ client }, i) => client.post('/api/orders', { cartId: carts[i] })));
    const won = answers.filter((answer) => answer.status === 201);
    const lost = answers.filter((answer) => answer.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const answer of lost)
      expect(answer.body).toMatchObject({
        code: 'date_taken',
        message: 'Juan Pérez ya no está disponible el jueves 3 dic: elige otra fecha',
      });
    const after = await recordsOf(ctx).countOrders();
    const holds = (await liveHolds({ professionalId: proId, date: '2026-12-03' })).length;
    const payments = await recordsOf(ctx).countPayments();
    expect({ orders: after - before, holds, payments }).toEqual({ orders: 1, holds: 1, payments: 0 });
    // A loser may not pay: it has no order at all.
    const loser = clients[answers.findIndex((answer) => answer.status === 409)].client;
    expect((await loser.get('/api/orders')).body).toEqual([]);
  });
  it('a checkout of several lines is all or nothing: one date taken holds none of the others', async () => {
    await bookableProfessional(http, otherProId, {
      firstName: 'Otro',
      lastName: 'Gómez',
      availableDays: ['jueves'],
      dayPriceCents: 500_000,
    });
    const { client: second } = await registerAccount(http, 'segundo@bookings.test');
    expect((await second.post('/api/cart', { professionalId: otherProId, dates: ['2027-01-28'] })).status).toBe(201);
    expect((await second.post('/api/cart', { professionalId: proId, dates: ['2027-01-25'] })).status).toBe(201);
    // Someone else takes the Monday after it went into the cart.
    const { client: first } = await registerAccount(http, 'primero@bookings.test');
    expect((await first.post('/api/cart', { professionalId: proId, dates: ['2027-01-25'] })).status).toBe(201);
    expect((await first.post('/api/orders', { cartId: await cartIdOf(first) })).status).toBe(201);
    const refused = await second.post('/api/orders', { cartId: await cartIdOf(second) });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'date_taken',
      message: 'Juan Pérez ya no está disponible el lunes 25 ene: elige otra fecha',
    });
    const live = (await liveHolds({ date: ['2027-01-25', '2027-01-28'] })).map(({ professionalId, date }) => ({ professionalId, date }));
    expect(live).toEqual([{ professionalId: proId, date: '2027-01-25' }]);
  });

  it('with an Idempotency-Key, a date taken meanwhile is still 409 date_taken (not the aborted statements after it); the key stays free', async () => {
    const date = '2027-01-21';
    const { client: first } = await registerAccount(http, 'clave-primero@bookings.test');
    const { client: second } = await registerAccount(http, 'clave-segundo@bookings.test');
    for (const client of [first, second])
      expect((await client.post('/api/cart', { professionalId: otherProId, dates: [date] })).status).toBe(201);
    expect((await first.post('/api/orders', { cartId: await cartIdOf(first) })).status).toBe(201);
    const cartId = await cartIdOf(second);
    const refused = await second.post('/api/orders', { cartId }, { 'Idempotency-Key': 'checkout-1' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'date_taken',
      message: 'Otro Gómez ya no está disponible el jueves 21 ene: elige otra fecha',
    });
    // Nothing of the refused checkout was kept, its key neither: the same key is answered afresh.
    const keys = (await recordsOf(ctx).idempotencyKeys({ key: 'checkout-1' })).length;
    expect(keys).toBe(0);
    expect((await second.post('/api/orders', { cartId }, { 'Idempotency-Key': 'checkout-1' })).status).toBe(409);
  });

  it('a date blocked while the checkout waited for its lock: the holds statement refuses it (400) and nothing is written', async () => {
    const date = '2027-01-14';
    const { client } = await registerAccount(http, 'espera@bookings.test');
    expect((await client.post('/api/cart', { professionalId: otherProId, dates: [date] })).status).toBe(201);
    const cartId = await cartIdOf(client);
    const before = await recordsOf(ctx).countOrders();
    // The professional's block, written under the date's lock (as blocking takes it), committed only once the
    // checkout's read of the calendar waits for that lock: that read cannot see the block, the holds statement does.
    const blocker = ctx.db.dataSource.createQueryRunner();
    await blocker.connect();
    try {
      await blocker.startTransaction();
      const calendar = ctx.app.get(CalendarRepository);
      await calendar.lockDates(blocker.manager, [{ professionalId: otherProId, date }]);
      await calendar.block(blocker.manager, otherProId, date);
      const checkout = client.post('/api/orders', { cartId });
      await eventually(async () =>
        expect(
          await ctx.db.dataSource.query(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND wait_event = 'advisory'`,
          ),
        ).toEqual([{ waiting: 1 }]),
      );
      await blocker.commitTransaction();
      const refused = await checkout;
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'cartId', message: 'Otro Gómez no está disponible el jueves 14 ene' }]);
    } finally {
      await blocker.release();
    }
    const after = await recordsOf(ctx).countOrders();
    const holds = (await recordsOf(ctx).holds({ professionalId: otherProId, date })).length;
    expect({ orders: after - before, holds }).toEqual({ orders: 0, holds: 0 });
  });

  it("a checkout of chosen dates waits on Postgres three times: its transaction's statements go out together", async () => {
    const { client } = await registerAccount(http, 'rondas@bookings.test');
    expect((await client.post('/api/cart', { professionalId: proId, dates: ['2026-12-31'] })).status).toBe(201);
    expect((await client.post('/api/cart', { professionalId: otherProId, dates: ['2026-12-24'] })).status).toBe(201);
    const cartId = await cartIdOf(client);
    const { result: created, logs } = await withPostgresWrites(() => client.post('/api/orders', { cartId }));
    expect(created.status).toBe(201);
    const isOrderInsert = (entry: string) => entry.includes('INSERT INTO orders');
    const checkout = logs.find((log) => log.some(isOrderInsert));
    expect(checkout).toBeDefined();
    // The checkout's own transaction: the connection may have served another one (a job's) before it.
    const insert = checkout!.findIndex(isOrderInsert);
    const begin = checkout!.lastIndexOf('START TRANSACTION', insert);
    const commit = checkout!.indexOf('COMMIT', insert);
    const lastWrite = checkout!.indexOf(WRITE, commit);
    expect(begin).toBeGreaterThanOrEqual(0);
    expect(lastWrite).toBeGreaterThan(commit);
    // The cart's lock with its open order (and the deferred BEGIN); the cards, the dates' rules and locks and the
    // order's and lines' ids; the order, its lines, their holds and the events with the COMMIT.
    expect(checkout!.slice(begin, lastWrite + 1).filter((entry) => entry === WRITE)).toHaveLength(3);
  });

  it('a checkout and the professional blocking the same date at once: exactly one of them wins, every time', async () => {
    for (const date of ['2027-01-07', '2027-01-11', '2027-01-14', '2027-01-18', '2027-01-21']) {
      const { client } = await registerAccount(http, `bloqueo-${date}@bookings.test`);
      expect((await client.post('/api/cart', { professionalId: proId, dates: [date] })).status).toBe(201);
      const cartId = await cartIdOf(client);
      const [checkout, block] = await Promise.all([client.post('/api/orders', { cartId }), pro.put(`/api/calendar/blocked/${date}`)]);
      // Either the hold came first (the block is refused) or the block did (the checkout is refused): never both.
      if (checkout.status === 201) expect(block.status).toBe(409);
      else expect({ checkout: checkout.status, block: block.status }).toEqual({ checkout: 400, block: 200 });
      const holds = (await liveHolds({ professionalId: proId, date })).length;
      const blocks = (await recordsOf(ctx).blockedDates({ professionalId: proId, date })).length;
      expect(holds + blocks).toBe(1);
    }
  });
});
