import { EventEmitter2 } from '@nestjs/event-emitter';
import { OutboxRelay } from '../src/modules/outbox/outbox-relay.service';
import { OutboxRepository } from '../src/modules/outbox/outbox.repository';
import { preparedQuery } from '../src/database/prepared-query';
import { OutboxService, committed } from '../src/modules/outbox/outbox.service';
import { eventOfAnotherProcess, recordsOf } from './factories';
import { eventually } from './support/eventually';
import { WRITE, withPostgresWrites } from './support/postgres-writes';
import { runSqlFixture } from './support/sql-fixtures';
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
  const addPendingEvent = () => eventOfAnotherProcess(ctx.db.dataSource, 'CalendarChanged', { professionalIds: [] });

  it('claims through the pending index however much the table grew since its first claims', async () => {
    const relay = ctx.app.get(OutboxRelay);
    // Claims on a table that is all but empty, and analysed so (a new deployment): a plan kept from them scans it all.
    await ctx.db.dataSource.query('ANALYZE outbox_events');
    for (let i = 0; i < 12; i++) {
      await addPendingEvent();
      await relay.relayPending();
    }
    // Months of relayed events later, with no ANALYZE in between.
    await runSqlFixture(ctx.db.dataSource, 'relayed-events');
    const before = await pendingIndexScans();
    for (let i = 0; i < 5; i++) {
      await addPendingEvent();
      await relay.relayPending();
    }
    const pending = await recordsOf(ctx).countPendingOutboxEvents();
    expect(pending).toBe(0);
    // Each claim looked the pending events up by their index (the statistics reach the view within a few seconds).
    await eventually(async () => (await pendingIndexScans()) >= before + 5, 30_000);
  });
});

describe('outbox relay: what it finds where', () => {
  const sentAtOf = async (id: string): Promise<Date | null> => (await recordsOf(ctx).outboxEvent(id))?.sentAt ?? null;

  it('relays the events this process commits by their ids, without the scan of pending rows', async () => {
    const repository = ctx.app.get(OutboxRepository);
    // No scan finds anything meanwhile: what is relayed was claimed by id.
    const scan = jest.spyOn(repository, 'claimPending').mockResolvedValue(0);
    const byIds = jest.spyOn(repository, 'claimByIds');
    try {
      let eventId = '';
      await ctx.app.get(OutboxService).transaction(async (manager) => {
        eventId = await ctx.app.get(OutboxService).record(manager, 'CalendarChanged', { professionalIds: [] });
      });
      await eventually(async () => (await sentAtOf(eventId)) !== null, 10_000);
      expect(byIds.mock.calls.some(([ids]) => ids.includes(eventId))).toBe(true);
    } finally {
      scan.mockRestore();
      byIds.mockRestore();
    }
  });

  it('relays an event whose claim by id failed (Redis away) with its next sweep', async () => {
    const repository = ctx.app.get(OutboxRepository);
    const byIds = jest.spyOn(repository, 'claimByIds').mockRejectedValueOnce(new Error('Redis no responde'));
    try {
      let eventId = '';
      await ctx.app.get(OutboxService).transaction(async (manager) => {
        eventId = await ctx.app.get(OutboxService).record(manager, 'CalendarChanged', { professionalIds: [] });
      });
      await eventually(async () => (await sentAtOf(eventId)) !== null, 10_000);
      expect(byIds).toHaveBeenCalledWith([eventId], expect.any(Function));
    } finally {
      byIds.mockRestore();
    }
  });

  it('still relays, on its timer, events other processes wrote (not by id: it never heard of them)', async () => {
    const id = await eventOfAnotherProcess(ctx.db.dataSource, 'CalendarChanged', { professionalIds: [] });
    await eventually(async () => (await sentAtOf(id)) !== null, 10_000);
  });
});

describe('OutboxService.transaction', () => {
  // A table for each test's own change, and a trigger refusing the events whose payload names -42.
  beforeEach(() => runSqlFixture(ctx.db.dataSource, 'outbox-probe'));
  afterEach(() => runSqlFixture(ctx.db.dataSource, 'outbox-probe-drop'));
  const probeIds = () => ctx.db.dataSource.query(`SELECT id FROM outbox_probe ORDER BY id`);
  const eventsNaming = async (professionalId: number) =>
    (await recordsOf(ctx).outboxEvents('CalendarChanged', { professionalIds: [professionalId] })).length;

  it('fails whole when its events cannot be written (they go out with the COMMIT): the change is not committed', async () => {
    const outbox = ctx.app.get(OutboxService);
    const announced: unknown[] = [];
    const emitter = ctx.app.get(EventEmitter2);
    const listener = (payload: unknown) => announced.push(payload);
    emitter.on(committed('CalendarChanged'), listener);
    try {
      const change = (id: number, professionalIds: number[]) =>
        outbox.transaction(async (manager) => {
          await manager.query(`INSERT INTO outbox_probe (id) VALUES ($1)`, [id]);
          await outbox.record(manager, 'CalendarChanged', { professionalIds });
          return id;
        });
      await expect(change(1, [-42])).rejects.toThrow(/evento rechazado/);
      expect(await probeIds()).toEqual([]);
      expect(announced).toEqual([]);
      // The next transaction (maybe on the same pooled connection) commits with its event.
      await expect(change(2, [-43])).resolves.toBe(2);
      expect(await probeIds()).toEqual([{ id: 2 }]);
      expect(await eventsNaming(-43)).toBe(1);
      expect(announced).toEqual([{ professionalIds: [-43] }]);
    } finally {
      emitter.off(committed('CalendarChanged'), listener);
    }
  });

  it('sends writeWithCommit statements with the events and the COMMIT in one write; the first of them that fails is the error', async () => {
    const outbox = ctx.app.get(OutboxService);
    const { dataSource } = ctx.db;
    const announced: unknown[] = [];
    const emitter = ctx.app.get(EventEmitter2);
    const listener = (payload: unknown) => announced.push(payload);
    emitter.on(committed('CalendarChanged'), listener);
    try {
      // Two inserts sent with the COMMIT, neither awaited inside; the event goes out with them.
      const change = (first: number, second: number, professionalIds: number[]) =>
        outbox.transaction(async (manager) => {
          await manager.query(`SELECT 1`);
          void outbox.writeWithCommit(manager, () => preparedQuery(manager, `INSERT INTO outbox_probe (id) VALUES ($1)`, [first]));
          void outbox.writeWithCommit(manager, () => preparedQuery(manager, `INSERT INTO outbox_probe (id) VALUES ($1)`, [second]));
          await outbox.record(manager, 'CalendarChanged', { professionalIds });
          return 'hecho';
        });
      const { result, logs } = await withPostgresWrites(() => change(1, 2, [-51]));
      expect(result).toBe('hecho');
      const log = logs.find((entries) => entries.some((entry) => entry.includes('outbox_probe')))!;
      const firstInsert = log.findIndex((entry) => entry.includes('outbox_probe'));
      // After the first insert's statement, one write carries both inserts, the events and the COMMIT.
      expect(log.slice(firstInsert)).toEqual([
        expect.stringContaining('INSERT INTO outbox_probe'),
        expect.stringContaining('INSERT INTO outbox_probe'),
        expect.stringContaining('INSERT INTO outbox_events'),
        'COMMIT',
        WRITE,
      ]);
      expect(await probeIds()).toEqual([{ id: 1 }, { id: 2 }]);
      expect(announced).toEqual([{ professionalIds: [-51] }]);

      // The second insert fails (id 2 exists): the third statement's "transaction aborted" is not what is thrown, the
      // first insert is rolled back with it, nothing is announced.
      await expect(change(3, 2, [-52])).rejects.toMatchObject({ driverError: expect.objectContaining({ code: '23505' }) });
      expect(await probeIds()).toEqual([{ id: 1 }, { id: 2 }]);
      expect(await eventsNaming(-52)).toBe(0);
      expect(announced).toEqual([{ professionalIds: [-51] }]);

      // Work that fails after them (a later statement of its own) still reports theirs, the first cause.
      await expect(
        outbox.transaction(async (manager) => {
          void outbox.writeWithCommit(manager, () => preparedQuery(manager, `INSERT INTO outbox_probe (id) VALUES ($1)`, [1]));
          await manager.query(`SELECT 1`);
        }),
      ).rejects.toMatchObject({ driverError: expect.objectContaining({ code: '23505' }) });
      expect(() => outbox.writeWithCommit(dataSource.manager, () => Promise.resolve())).toThrow(/dentro de OutboxService.transaction/);
    } finally {
      emitter.off(committed('CalendarChanged'), listener);
    }
  });
});
