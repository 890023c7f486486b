import { addDays, todayIn } from '@oficios/domain';
import { browser } from './support/http-client';
import { startTestApp, type TestContext } from './support/test-app';

const DAY_MS = 86_400_000;

describe('the test clock at /dev/clock (TEST_CLOCK)', () => {
  describe('without TEST_CLOCK (the default)', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await startTestApp({ professionals: 1 });
    });
    afterAll(() => ctx?.close());

    it('has no route at all: 404, and the clock stays the real one', async () => {
      const client = await browser(ctx.app.getHttpServer());
      expect((await client.get('/dev/clock')).status).toBe(404);
      expect((await client.put('/dev/clock', { offsetMs: 10 * DAY_MS })).status).toBe(404);
      const today = todayIn(Date.now(), ctx.config.bookings.timeZone);
      expect((await client.get('/api/bookings/settings')).body.today).toBe(today);
    });
  });

  describe('with TEST_CLOCK=true', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await startTestApp({ professionals: 1, env: { TEST_CLOCK: 'true' } });
    });
    afterAll(() => ctx?.close());

    it('moves what the booking rules read as now, and back', async () => {
      const client = await browser(ctx.app.getHttpServer());
      const zone = ctx.config.bookings.timeZone;
      expect((await client.get('/dev/clock')).body).toMatchObject({ offsetMs: 0 });

      const moved = await client.put('/dev/clock', { offsetMs: 10 * DAY_MS });
      expect(moved.status).toBe(200);
      expect(moved.body.offsetMs).toBe(10 * DAY_MS);
      expect(Math.abs(new Date(moved.body.now).getTime() - (Date.now() + 10 * DAY_MS))).toBeLessThan(60_000);
      expect((await client.get('/dev/clock')).body.offsetMs).toBe(10 * DAY_MS);
      // Read again after the call: the real day may have turned meanwhile.
      expect((await client.get('/api/bookings/settings')).body.today).toBe(addDays(todayIn(Date.now(), zone), 10));

      expect((await client.put('/dev/clock', { offsetMs: 0 })).status).toBe(200);
      expect((await client.get('/api/bookings/settings')).body.today).toBe(todayIn(Date.now(), zone));
    });

    it('refuses an offset that is not a whole number of milliseconds', async () => {
      const client = await browser(ctx.app.getHttpServer());
      expect((await client.put('/dev/clock', { offsetMs: 'mañana' })).status).toBe(400);
      expect((await client.put('/dev/clock', { offsetMs: 1.5 })).status).toBe(400);
      expect((await client.put('/dev/clock', {})).status).toBe(400);
      expect((await client.get('/dev/clock')).body.offsetMs).toBe(0);
    });
  });
});
