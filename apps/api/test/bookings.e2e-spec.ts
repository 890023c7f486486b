import { getQueueToken } from '@nestjs/bullmq';
import { QUEUES, lineResponseDeadlineJobId } from '@oficios/domain';
import type { Queue } from 'bullmq';
import type { App } from 'supertest/types';
import { BOOKING_NOW as NOW, bookableProfessional, bookingClock } from './support/bookings';
import { BookingsService } from '../src/modules/orders/bookings.service';
import { drained, payOrder } from './support/checkout';
import { eventually } from './support/eventually';
import { WRITE, withPostgresWrites } from './support/postgres-writes';
import { registerAccount, type BrowserClient } from './support/http-client';
import { startTestApp, type TestContext } from './support/test-app';

const clock = bookingClock();

let ctx: TestContext;
let http: App;
let pro: BrowserClient;
let proId: number;
let otherPro: BrowserClient;
let otherProId: number;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 0, clock });
  http = ctx.app.getHttpServer();
  ({ client: pro, id: proId } = await registerAccount(http, 'juan@bookings.test', 'profesional'));
  ({ client: otherPro, id: otherProId } = await registerAccount(http, 'otro@bookings.test', 'profesional'));
  await bookableProfessional(ctx.db.dataSource, proId, {
    firstName: 'Juan',
    lastName: 'Pérez',
    availableDays: ['lunes', 'jueves'],
    dayPriceCents: 1_000_000,
  });
});
afterAll(() => ctx?.close());

const cartIdOf = async (client: BrowserClient) => (await client.get('/api/cart')).body.id as number;
const orderOfLine = async (lineId: number) =>
  (await ctx.db.dataSource.query('SELECT order_id AS "orderId" FROM order_details WHERE id = $1', [lineId]))[0].orderId as number;
const lineOf = async (orderId: number) =>
  (
    await ctx.db.dataSource.query(
      `SELECT id, line_status AS "lineStatus", dates::text[] AS dates, days FROM order_details WHERE order_id = $1`,
      [orderId],
    )
  )[0];

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
    const live = await ctx.db.dataSource.query(
      `SELECT count(*)::int AS live FROM booking_holds WHERE professional_id = $1 AND released_at IS NULL`,
      [proId],
    );
    expect(live).toEqual([{ live: 0 }]);
    // The release's event names the professional (it once carried null, and no process dropped its cached answers).
    const [released] = await ctx.db.dataSource.query(
      `SELECT payload FROM outbox_events WHERE type = 'CalendarChanged' ORDER BY created_at DESC LIMIT 1`,
    );
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
    const [{ before }] = await ctx.db.dataSource.query('SELECT count(*)::int AS before FROM orders');
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
    const [{ after, holds, payments }] = await ctx.db.dataSource.query(
      `SELECT (SELECT count(*)::int FROM orders) AS after,
              (SELECT count(*)::int FROM booking_holds WHERE professional_id = $1 AND date = '2026-12-03' AND released_at IS NULL) AS holds,
              (SELECT count(*)::int FROM payments) AS payments`,
      [proId],
    );
    expect({ orders: after - before, holds, payments }).toEqual({ orders: 1, holds: 1, payments: 0 });
    // A loser may not pay: it has no order at all.
    const loser = clients[answers.findIndex((answer) => answer.status === 409)].client;
    expect((await loser.get('/api/orders')).body).toEqual([]);
  });
  it('a checkout of several lines is all or nothing: one date taken holds none of the others', async () => {
    await bookableProfessional(ctx.db.dataSource, otherProId, {
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
    const live = await ctx.db.dataSource.query(
      `SELECT professional_id AS "professionalId", date::text AS date FROM booking_holds
       WHERE released_at IS NULL AND date IN ('2027-01-25', '2027-01-28') ORDER BY date`,
    );
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
    const [{ keys }] = await ctx.db.dataSource.query(`SELECT count(*)::int AS keys FROM idempotency_keys WHERE key = 'checkout-1'`);
    expect(keys).toBe(0);
    expect((await second.post('/api/orders', { cartId }, { 'Idempotency-Key': 'checkout-1' })).status).toBe(409);
  });

  it('a date blocked while the checkout waited for its lock: the holds statement refuses it (400) and nothing is written', async () => {
    const date = '2027-01-14';
    const { client } = await registerAccount(http, 'espera@bookings.test');
    expect((await client.post('/api/cart', { professionalId: otherProId, dates: [date] })).status).toBe(201);
    const cartId = await cartIdOf(client);
    const [{ before }] = await ctx.db.dataSource.query('SELECT count(*)::int AS before FROM orders');
    // The professional's block, written under the date's lock (as blocking takes it), committed only once the
    // checkout's read of the calendar waits for that lock: that read cannot see the block, the holds statement does.
    const blocker = ctx.db.dataSource.createQueryRunner();
    await blocker.connect();
    try {
      await blocker.startTransaction();
      await blocker.query(`SELECT pg_advisory_xact_lock($1::int, ('x' || substr(md5($2::text), 1, 8))::bit(32)::int)`, [otherProId, date]);
      await blocker.query(`INSERT INTO blocked_dates (professional_id, date) VALUES ($1, $2)`, [otherProId, date]);
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
    const [{ after, holds }] = await ctx.db.dataSource.query(
      `SELECT (SELECT count(*)::int FROM orders) AS after,
              (SELECT count(*)::int FROM booking_holds WHERE professional_id = $1 AND date = $2) AS holds`,
      [otherProId, date],
    );
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
      const [{ holds, blocks }] = await ctx.db.dataSource.query(
        `SELECT (SELECT count(*)::int FROM booking_holds WHERE professional_id = $1 AND date = $2 AND released_at IS NULL) AS holds,
                (SELECT count(*)::int FROM blocked_dates WHERE professional_id = $1 AND date = $2) AS blocks`,
        [proId, date],
      );
      expect(holds + blocks).toBe(1);
    }
  });
});

describe('the professional decides', () => {
  let client: BrowserClient;

  beforeAll(async () => {
    ({ client } = await registerAccount(http, 'decide@bookings.test'));
  });

  async function paidLine(date: string): Promise<{ orderId: number; lineId: number }> {
    expect((await client.post('/api/cart', { professionalId: proId, days: ['lunes'] })).status).toBe(201);
    await ctx.db.dataSource.query(`UPDATE cart_details SET dates = $1, days = '{lunes}' WHERE professional_id = $2 AND cart_id = $3`, [
      `{${date}}`,
      proId,
      await cartIdOf(client),
    ]);
    const created = await client.post('/api/orders', { cartId: await cartIdOf(client) });
    expect(created.status).toBe(201);
    await payOrder(http, ctx.db.dataSource, client, created.body.newOrder.id);
    const line = await lineOf(created.body.newOrder.id);
    expect(line.lineStatus).toBe('awaiting_professional');
    return { orderId: created.body.newOrder.id, lineId: line.id };
  }

  it('accepts its own paid booking: confirmed, and the order stays procesando', async () => {
    const { orderId, lineId } = await paidLine('2026-12-14');
    expect((await otherPro.post(`/api/bookings/${lineId}/accept`, {})).status).toBe(403);
    expect((await client.post(`/api/bookings/${lineId}/accept`, {})).status).toBe(403);
    const accepted = await pro.post(`/api/bookings/${lineId}/accept`, {});
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      id: lineId,
      lineStatus: 'confirmed',
      status: 'procesando',
      dates: ['2026-12-14'],
      refundedAmount: 0,
    });
    const again = await pro.post(`/api/bookings/${lineId}/accept`, {});
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'line_move_refused', message: 'No se puede aceptar una reserva confirmada' });
    const transitions = await ctx.db.dataSource.query(
      `SELECT event, actor, actor_id AS "actorId", from_status AS "from", to_status AS "to" FROM line_transitions WHERE line_id = $1 ORDER BY id`,
      [lineId],
    );
    expect(transitions).toEqual([
      { event: 'paid', actor: 'system', actorId: null, from: 'awaiting_payment', to: 'awaiting_professional' },
      { event: 'accepted', actor: 'professional', actorId: proId, from: 'awaiting_professional', to: 'confirmed' },
    ]);
    const calendar = await pro.get('/api/calendar?from=2026-12-14&to=2026-12-14');
    expect(calendar.body.days).toEqual([{ date: '2026-12-14', state: 'booked', lineId }]);
    expect((await ctx.db.dataSource.query('SELECT status FROM orders WHERE id = $1', [orderId]))[0].status).toBe('procesando');
  });

  it('declines with a reason: the dates are freed, a full refund is requested once, the client is told', async () => {
    const { orderId, lineId } = await paidLine('2026-12-21');
    const declined = await pro.post(`/api/bookings/${lineId}/decline`, { reason: 'Estoy de viaje' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ lineStatus: 'declined', declineReason: 'Estoy de viaje', status: 'cancelada' });
    const refunds = await ctx.db.dataSource.query(
      `SELECT payload FROM outbox_events WHERE type = 'LineRefundRequested' AND (payload->>'lineId')::int = $1`,
      [lineId],
    );
    expect(refunds.map((row: { payload: unknown }) => row.payload)).toEqual([
      {
        lineId,
        orderId,
        clientId: expect.any(Number),
        amountCents: 1000000,
        cause: 'declined',
        idempotencyKey: `oficios-line-${lineId}-refund-declined`,
      },
    ]);
    expect((await client.get(`/home/professionals/${proId}/availability?from=2026-12-21&to=2026-12-21`)).body.dates).toEqual([
      '2026-12-21',
    ]);
    await drained(ctx.app, ctx.db.dataSource);
    const notices = (await client.get('/api/notifications')).body;
    expect(JSON.stringify(notices)).toContain('Juan Pérez rechazó tu reserva (lunes 21 dic): Estoy de viaje');
  });

  it('expires an unanswered booking when the clock passes its deadline and its delayed job runs', async () => {
    const { lineId } = await paidLine('2026-12-28');
    await drained(ctx.app, ctx.db.dataSource);
    const queue = ctx.app.get<Queue>(getQueueToken(QUEUES.payments), { strict: false });
    const job = await eventually(async () => queue.getJob(lineResponseDeadlineJobId(lineId)));
    expect(await job!.isDelayed()).toBe(true);
    clock.advanceHours(25);
    try {
      await job!.promote();
      await eventually(
        async () =>
          (await ctx.db.dataSource.query('SELECT line_status FROM order_details WHERE id = $1', [lineId]))[0].line_status === 'expired',
      );
    } finally {
      clock.set(NOW);
    }
  });

  it('a deadline job that runs early waits again for the rest of its delay, then expires the line on time', async () => {
    const { lineId } = await paidLine('2026-12-17');
    await drained(ctx.app, ctx.db.dataSource);
    const queue = ctx.app.get<Queue>(getQueueToken(QUEUES.payments), { strict: false });
    const jobId = lineResponseDeadlineJobId(lineId);
    const job = await eventually(async () => queue.getJob(jobId));
    expect(await job!.isDelayed()).toBe(true);
    // Run now, a day early (as a process with a clock ahead would): the line stays, the job goes back to wait.
    await job!.promote();
    await eventually(async () => expect(await queue.getJobState(jobId)).toBe('delayed'));
    // It waits for the rest of its delay (about a day), not for a retry's backoff, and it did not count as a failure.
    const waiting = (await queue.getJob(jobId))!;
    expect(waiting.attemptsMade).toBe(0);
    expect(waiting.failedReason).toBeFalsy();
    expect((await lineOf(await orderOfLine(lineId))).lineStatus).toBe('awaiting_professional');
    clock.advanceHours(25);
    try {
      await (await queue.getJob(jobId))!.promote();
      await eventually(
        async () =>
          (await ctx.db.dataSource.query('SELECT line_status FROM order_details WHERE id = $1', [lineId]))[0].line_status === 'expired',
      );
    } finally {
      clock.set(NOW);
    }
  });

  it('the start-up sweep expires what is overdue even when its job was lost (restart survival), once', async () => {
    const { lineId } = await paidLine('2027-01-04');
    await drained(ctx.app, ctx.db.dataSource);
    const queue = ctx.app.get<Queue>(getQueueToken(QUEUES.payments), { strict: false });
    await (await eventually(async () => queue.getJob(lineResponseDeadlineJobId(lineId))))!.remove();
    const sweep = ctx.app.get(BookingsService);
    expect((await sweep.sweep()).expiredLines).toEqual([]);
    clock.advanceHours(25);
    try {
      expect((await sweep.sweep()).expiredLines).toEqual([lineId]);
      expect((await sweep.sweep()).expiredLines).toEqual([]);
      // Expired once; its refund may already have moved it on to refunded (the payments worker does not wait for us).
      const moves = await ctx.db.dataSource.query(`SELECT to_status AS "to" FROM line_transitions WHERE line_id = $1 ORDER BY id`, [
        lineId,
      ]);
      expect(moves.map((move: { to: string }) => move.to).filter((to: string) => to === 'expired')).toEqual(['expired']);
      expect(['expired', 'refunded']).toContain(
        (await ctx.db.dataSource.query('SELECT line_status FROM order_details WHERE id = $1', [lineId]))[0].line_status,
      );
    } finally {
      clock.set(NOW);
    }
  });
});
