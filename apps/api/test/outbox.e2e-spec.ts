import { OutboxRelay } from '../src/modules/outbox/outbox-relay.service';
import { eventually } from './support/eventually';
import { startTestApp, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({ professionals: 2 });
});
afterAll(() => ctx?.close());

describe('outbox relay', () => {
  const pendingIndexScans = async (): Promise<number> =>
    Number(
      (await ctx.db.dataSource.query(`SELECT idx_scan FROM pg_stat_user_indexes WHERE indexrelname = 'outbox_events_pending_idx'`))[0]
        .idx_scan,
    );
  const addPendingEvent = () =>
    ctx.db.dataSource.query(`INSERT INTO outbox_events (type, payload) VALUES ('CalendarChanged', '{"professionalIds": []}')`);

  it('claims through the pending index however much the table grew since its first claims', async () => {
    const relay = ctx.app.get(OutboxRelay);
    // Claims on a table that is all but empty, and analysed so (a new deployment): a plan kept from them scans it all.
    await ctx.db.dataSource.query('ANALYZE outbox_events');
    for (let i = 0; i < 12; i++) {
      await addPendingEvent();
      await relay.relayPending();
    }
    // Months of relayed events later, with no ANALYZE in between.
    await ctx.db.dataSource.query(
      `INSERT INTO outbox_events (type, payload, sent_at) SELECT 'CalendarChanged', '{"professionalIds": []}', now() FROM generate_series(1, 50000)`,
    );
    const before = await pendingIndexScans();
    for (let i = 0; i < 5; i++) {
      await addPendingEvent();
      await relay.relayPending();
    }
    const [{ pending }] = await ctx.db.dataSource.query(`SELECT count(*)::int AS pending FROM outbox_events WHERE sent_at IS NULL`);
    expect(pending).toBe(0);
    // Each claim looked the pending events up by their index (the statistics reach the view within a few seconds).
    await eventually(async () => (await pendingIndexScans()) >= before + 5, 30_000);
  });
});
