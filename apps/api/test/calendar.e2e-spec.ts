import { getQueueToken } from '@nestjs/bullmq';
import { QUEUES, type Day } from '@oficios/domain';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { createApp } from '../src/app.factory';
import { CalendarService } from '../src/modules/calendar';
import { OutboxService } from '../src/modules/outbox';
import type { App } from 'supertest/types';
import { CalendarRepository, bookableProfessional, checkout, putInCart, recordsOf } from './factories';
import { BOOKING_NOW as NOW, bookingClock } from './support/bookings';
import { eventually } from './support/eventually';
import { registerAccount, type BrowserClient } from './support/http-client';
import { startTestApp, type TestContext } from './support/test-app';

const clock = bookingClock();

let ctx: TestContext;
let http: App;
let pro: BrowserClient;
let proId: number;
let client: BrowserClient;

beforeAll(async () => {
  ctx = await startTestApp({ professionals: 0, clock });
  http = ctx.app.getHttpServer();
  ({ client: pro, id: proId } = await registerAccount(http, 'pro@calendar.test', 'profesional'));
  ({ client } = await registerAccount(http, 'ana@calendar.test'));
  await bookableProfessional(http, proId, { availableDays: ['lunes', 'jueves'], dayPriceCents: 1_000_000 });
});
afterAll(() => ctx?.close());
beforeEach(() => clock.set(NOW));

/**
 * A line of Ana's with the professional on `date` (an order of its own, checked out): what a hold needs to point to.
 * Unless `holding`, she cancels the order at once, so the line holds no date of its own.
 */
const anaLineOn = async (date: string, { holding = false } = {}): Promise<number> => {
  await putInCart(client, proId, [date]);
  const order = await checkout(client);
  if (!holding) expect((await client.delete(`/api/orders/${order.id}`)).status).toBe(200);
  return order.bookingIds[0];
};

const availability = async (query = '') => {
  const response = await request(http).get(`/home/professionals/${proId}/availability${query}`);
  expect(response.status).toBe(200);
  return response.body;
};

describe('booking settings', () => {
  it('answers the settings, the policy text and today in the marketplace zone (public)', async () => {
    const response = await request(http).get('/api/bookings/settings');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      timeZone: 'America/Argentina/Buenos_Aires',
      minLeadHours: 24,
      horizonDays: 60,
      professionalResponseHours: 24,
      fullRefundHours: 48,
      lateRefundPercent: 50,
      autoDoneHours: 72,
      disputeWindowHours: 72,
      policyText:
        'Cancelación gratuita de cada día hasta 48 horas antes de que empiece; después, hasta que empiece, se devuelve el 50 % de ese día; luego no hay devolución.',
      today: '2026-12-01',
    });
  });
});

describe('availability', () => {
  it('lists the working weekdays from the lead time to the horizon', async () => {
    const body = await availability();
    expect(body).toMatchObject({ professionalId: proId, from: '2026-12-01', to: '2027-01-30' });
    expect(body.dates.slice(0, 4)).toEqual(['2026-12-03', '2026-12-07', '2026-12-10', '2026-12-14']);
    expect(body.dates.at(-1)).toBe('2027-01-28');
    expect(body.dates).toHaveLength(17);
  });

  it('moves with the clock: a day later, Thursday 3 is too soon', async () => {
    clock.advanceHours(24);
    expect((await availability('?from=2026-12-01&to=2026-12-10')).dates).toEqual(['2026-12-07', '2026-12-10']);
  });

  it('answers 404 for an unknown professional and 400 for a bad range', async () => {
    expect((await request(http).get('/home/professionals/999999/availability')).status).toBe(404);
    const bad = await request(http).get(`/home/professionals/${proId}/availability?from=2026-02-30`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'from', message: 'from debe ser una fecha AAAA-MM-DD' }]);
    expect((await request(http).get(`/home/professionals/${proId}/availability?from=2026-12-10&to=2026-12-01`)).status).toBe(400);
  });

  it('stays fast with 100,000 holds in the table (the live-holds index)', async () => {
    // Other professionals' holds, and this one's released ones: none of them may slow this professional's read down.
    const others = await Promise.all(
      [1, 2, 3].map(async (n) => (await registerAccount(http, `other${n}@calendar.test`, 'profesional')).id),
    );
    const lineId = await anaLineOn('2026-12-14');
    await ctx.db.dataSource.query(
      `INSERT INTO booking_holds (line_id, professional_id, date, released_at)
       SELECT $1::int, ($2::int[])[1 + n % 3], DATE '2020-01-01' + (n / 3), NULL::timestamptz FROM generate_series(0, 89999) AS n
       UNION ALL
       SELECT $1::int, $3::int, DATE '2026-12-01' + (n % 60), now() FROM generate_series(0, 9999) AS n`,
      [lineId, others, proId],
    );
    await ctx.db.dataSource.query('ANALYZE booking_holds');
    const plan: { 'QUERY PLAN': string }[] = await ctx.db.dataSource.query(
      `EXPLAIN SELECT date FROM booking_holds WHERE professional_id = $1 AND released_at IS NULL AND date BETWEEN '2026-12-01' AND '2027-01-30'`,
      [proId],
    );
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/booking_holds_live_key/);
    const started = performance.now();
    for (let i = 0; i < 20; i++) await availability(`?from=2026-12-0${1 + (i % 9)}`);
    expect((performance.now() - started) / 20).toBeLessThan(50);
  });
});

describe("the professional's calendar", () => {
  it('shows free, off and blocked days; blocking makes the date vanish from the availability at once', async () => {
    const blocked = await pro.put('/api/calendar/blocked/2026-12-07');
    expect(blocked.status).toBe(200);
    expect(blocked.body).toEqual({ date: '2026-12-07', state: 'blocked' });
    expect((await availability('?to=2026-12-10')).dates).toEqual(['2026-12-03', '2026-12-10']);

    const calendar = await pro.get('/api/calendar?from=2026-12-01&to=2026-12-08');
    expect(calendar.status).toBe(200);
    expect(calendar.body).toEqual({
      professionalId: proId,
      from: '2026-12-01',
      to: '2026-12-08',
      days: [
        { date: '2026-12-01', state: 'off' },
        { date: '2026-12-02', state: 'off' },
        { date: '2026-12-03', state: 'free' },
        { date: '2026-12-04', state: 'off' },
        { date: '2026-12-05', state: 'off' },
        { date: '2026-12-06', state: 'off' },
        { date: '2026-12-07', state: 'blocked' },
        { date: '2026-12-08', state: 'off' },
      ],
    });

    const unblocked = await pro.delete('/api/calendar/blocked/2026-12-07');
    expect(unblocked.status).toBe(200);
    expect(unblocked.body).toEqual({ date: '2026-12-07', state: 'free' });
    expect((await availability('?to=2026-12-10')).dates).toEqual(['2026-12-03', '2026-12-07', '2026-12-10']);
  });

  it('refuses to block a date a booking holds (409), and shows it held', async () => {
    const lineId = await anaLineOn('2026-12-10', { holding: true });
    const refused = await pro.put('/api/calendar/blocked/2026-12-10');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'date_booked', message: 'El jueves 10 dic tiene una reserva: no se puede bloquear' });
    expect((await pro.get('/api/calendar?from=2026-12-10&to=2026-12-10')).body.days).toEqual([
      { date: '2026-12-10', state: 'held', lineId },
    ]);
  });

  it('is the professional’s own: clients and visitors are refused; a bad date is 400', async () => {
    expect((await client.get('/api/calendar')).status).toBe(403);
    expect((await request(http).get('/api/calendar')).status).toBe(401);
    expect((await pro.put('/api/calendar/blocked/2026-13-01')).status).toBe(400);
  });
});

describe('another API process', () => {
  it('drops its cached availability once the relay broadcasts the change, with no job in between', async () => {
    // Same database and Redis, no workers: as a second API process behind the balancer.
    const other = await createApp({ ...ctx.config, workers: { ...ctx.config.workers, enabled: false } }, { clock });
    await other.init();
    await other.getHttpAdapter().getInstance().ready();
    try {
      const dates = async () => {
        const response = await request(other.getHttpServer()).get(`/home/professionals/${proId}/availability?to=2026-12-10`);
        expect(response.status).toBe(200);
        return response.body.dates;
      };
      // Cached there now (for AVAILABILITY_CACHE_TTL_MS, 30 s).
      const before: string[] = await dates();
      expect(before).toContain('2026-12-07');
      expect((await pro.put('/api/calendar/blocked/2026-12-07')).status).toBe(200);
      await eventually(async () => expect(await dates()).toEqual(before.filter((date) => date !== '2026-12-07')));
      expect((await pro.delete('/api/calendar/blocked/2026-12-07')).status).toBe(200);
      await eventually(async () => expect(await dates()).toEqual(before));
      // Heard by every process from one message: no queue ran a job for it.
      const catalog = ctx.app.get<Queue>(getQueueToken(QUEUES.catalog), { strict: false });
      const jobs = await catalog.getJobs(['completed', 'failed', 'waiting', 'active', 'delayed']);
      expect(jobs.filter((job) => job.name === 'CalendarChanged')).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe("a checkout's date locks", () => {
  // The key lockDates takes for (professional, date), tried from another connection: false while someone holds it.
  const tryLock = (professionalId: number, date: string) =>
    ctx.db.dataSource
      .query(`SELECT pg_try_advisory_xact_lock($1::int, ('x' || substr(md5($2::text), 1, 8))::bit(32)::int) AS free`, [
        professionalId,
        date,
      ])
      .then(([row]: { free: boolean }[]) => row.free);

  it('are taken by the rules read itself, even with nothing blocked or held, and kept until the transaction ends', async () => {
    const calendar = ctx.app.get(CalendarService);
    const professional = { id: proId, firstName: 'Pro', lastName: 'Calendario', availableDays: ['lunes', 'jueves'] as Day[] };
    let duringTransaction: boolean[] = [];
    await ctx.db.dataSource.transaction(async (manager) => {
      const rules = await calendar.bookingRulesOf([professional], manager, [
        { professionalId: proId, date: '2026-12-21' },
        { professionalId: proId, date: '2026-12-14' },
      ]);
      expect(rules.get(proId)).toMatchObject({ availableDays: ['lunes', 'jueves'], taken: ['2026-12-10'] });
      duringTransaction = [await tryLock(proId, '2026-12-14'), await tryLock(proId, '2026-12-21'), await tryLock(proId, '2026-12-28')];
    });
    expect(duringTransaction).toEqual([false, false, true]);
    expect(await tryLock(proId, '2026-12-14')).toBe(true);
  });

  it('are not taken again for holding dates the rules read locked; other dates are, and no date is held unlocked', async () => {
    const calendar = ctx.app.get(CalendarService);
    const repository = ctx.app.get(CalendarRepository);
    const professional = { id: proId, firstName: 'Pro', lastName: 'Calendario', availableDays: ['lunes', 'jueves'] as Day[] };
    const lineId = await anaLineOn('2026-12-17');
    const lockDates = jest.spyOn(repository, 'lockDates');
    const insertHolds = jest.spyOn(repository, 'insertHolds');
    try {
      await ctx.app
        .get(OutboxService)
        .transaction(async (manager) => {
          await calendar.bookingRulesOf([professional], manager, [{ professionalId: proId, date: '2027-01-04' }]);
          await calendar.lockForHolds(manager, [{ lineId, professional, dates: ['2027-01-04'] }]);
          expect(lockDates).not.toHaveBeenCalled();
          await calendar.holdDates(manager, [{ lineId, professional, dates: ['2027-01-04'] }]);
          // A date nobody locked: refused before its statement is written.
          expect(() => calendar.holdDates(manager, [{ lineId, professional, dates: ['2027-01-11'] }])).toThrow(/sin bloquear/);
          expect(insertHolds).toHaveBeenCalledTimes(1);
          await calendar.lockForHolds(manager, [{ lineId, professional, dates: ['2027-01-11'] }]);
          expect(lockDates).toHaveBeenCalledTimes(1);
          await calendar.holdDates(manager, [{ lineId, professional, dates: ['2027-01-11'] }]);
          throw new Error('rollback');
        })
        .catch((error: Error) => expect(error.message).toBe('rollback'));
    } finally {
      lockDates.mockRestore();
      insertHolds.mockRestore();
    }
    expect(await recordsOf(ctx).holds({ bookingId: lineId, live: true })).toEqual([]);
  });

  it('need a transaction', async () => {
    await expect(
      ctx.app.get(CalendarService).bookingRulesOf([], undefined, [{ professionalId: proId, date: '2027-01-04' }]),
    ).rejects.toThrow('transacción');
  });
});
