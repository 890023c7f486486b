import type { DataSource } from 'typeorm';
import { OutboxEvent } from '../../src/modules/outbox/entities/outbox-event.entity';

/**
 * An event row as another process writes it (with no request of its own): this process never heard of it, so only
 * its relay's sweep finds it. Answers its id.
 */
export async function eventOfAnotherProcess(dataSource: DataSource, type: string, payload: Record<string, unknown>): Promise<string> {
  const events = dataSource.getRepository(OutboxEvent);
  return (await events.save(events.create({ type, payload } as Partial<OutboxEvent>))).id;
}

/** The row owes these queues their jobs again, as when its process died before recording that they ended. */
export async function jobsEndedUnrecorded(dataSource: DataSource, eventId: string, queues: string[]): Promise<void> {
  await dataSource.getRepository(OutboxEvent).update({ id: eventId }, { unfinishedQueues: queues });
}
