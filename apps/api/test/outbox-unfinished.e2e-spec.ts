import { getQueueToken } from '@nestjs/bullmq';
import { QUEUES, eventJobId } from '@oficios/domain';
import type { Queue } from 'bullmq';
import { OutboxRelay } from '../src/modules/outbox/outbox-relay.service';
import { OutboxService } from '../src/modules/outbox/outbox.service';
import { jobsEndedUnrecorded, recordsOf } from './factories';
import { eventually } from './support/eventually';
import { startTestApp, type TestContext } from './support/test-app';

/** A sent event is not done until its jobs are: its row says which queues still owe it one. */
let ctx: TestContext;
let catalog: Queue;
beforeAll(async () => {
  ctx = await startTestApp({ professionals: 1 });
  catalog = ctx.app.get<Queue>(getQueueToken(QUEUES.catalog), { strict: false });
});
afterAll(() => ctx?.close());
afterEach(() => catalog.resume());

async function recordProfessionalUpdated(): Promise<string> {
  const outbox = ctx.app.get(OutboxService);
  return outbox.transaction((manager) => outbox.record(manager, 'ProfessionalUpdated', { professionalId: null }));
}
const rowOf = async (id: string): Promise<{ sent: boolean; unfinished: string[] }> => {
  const row = (await recordsOf(ctx).outboxEvent(id))!;
  return { sent: row.sentAt !== null, unfinished: row.unfinishedQueues };
};
/** A moment after everything sent so far: the re-drive's cutoff for "sent long enough ago". */
const later = () => new Date(Date.now() + 1_000);

describe('unfinished jobs of the outbox', () => {
  it("an event's row owes its queue a job until that job ends", async () => {
    await catalog.pause();
    const id = await recordProfessionalUpdated();
    await eventually(async () => expect(await rowOf(id)).toEqual({ sent: true, unfinished: ['catalog'] }));
    await catalog.resume();
    await eventually(async () => expect(await rowOf(id)).toEqual({ sent: true, unfinished: [] }));
  });

  it('a job Redis lost is sent again with the same id; one it still has is left alone', async () => {
    await catalog.pause();
    const lost = await recordProfessionalUpdated();
    const kept = await recordProfessionalUpdated();
    await eventually(async () => expect((await rowOf(kept)).sent).toBe(true));
    await (await catalog.getJob(eventJobId(lost)))!.remove();

    const relay = ctx.app.get(OutboxRelay);
    expect(await relay.redriveUnfinished(later())).toBe(1);
    expect(await catalog.getJobState(eventJobId(lost))).toBe('waiting');
    // Asked again meanwhile, nothing more is added.
    expect(await relay.redriveUnfinished(later())).toBe(0);
    await catalog.resume();
    await eventually(async () => {
      expect((await rowOf(lost)).unfinished).toEqual([]);
      expect((await rowOf(kept)).unfinished).toEqual([]);
    });
  });

  it('a job that ended without its end recorded is recorded by the re-drive, not run again', async () => {
    const id = await recordProfessionalUpdated();
    await eventually(async () => expect(await catalog.getJobState(eventJobId(id))).toBe('completed'));
    // As if the process had died before recording it.
    await jobsEndedUnrecorded(ctx.db.dataSource, id, ['catalog']);
    const finishedOn = (await catalog.getJob(eventJobId(id)))!.finishedOn;
    expect(await ctx.app.get(OutboxRelay).redriveUnfinished(later())).toBe(0);
    expect((await rowOf(id)).unfinished).toEqual([]);
    expect((await catalog.getJob(eventJobId(id)))!.finishedOn).toBe(finishedOn);
  });
});
