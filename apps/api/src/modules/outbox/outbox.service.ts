import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { EventPayload, EventType, TaskData, TaskName } from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { currentRequestId, newRequestId } from '../../common/request-context/request-context';
import { writeWithNextQuery } from '../../database/prepared-query';
import { OutboxRepository, type OutboxRow } from './outbox.repository';

/** Emitted after a transaction that wrote events commits: wakes the relay. */
export const OUTBOX_WRITTEN = 'outbox.written';

/**
 * The in-process name of a committed event: emitted (with its payload) right after the transaction that recorded it
 * commits, for reactions this process owes at once (its own cache). Jobs do the rest, in every process.
 */
export const committed = (type: EventType): string => `committed.${type}`;

/**
 * Writes events in the same transaction as the state change they report, so
 * either both happen or neither; the relay delivers them after commit.
 */
@Injectable()
export class OutboxService {
  /** The events each open transaction recorded, by its manager; written together just before it commits. */
  private readonly recorded = new WeakMap<EntityManager, OutboxRow[]>();
  /** The answers of the statements each open transaction sends with its COMMIT (writeWithCommit), in the order issued. */
  private readonly sentWithCommit = new WeakMap<EntityManager, Promise<unknown>[]>();

  constructor(
    private readonly events: OutboxRepository,
    private readonly emitter: EventEmitter2,
  ) {}

  /**
   * Adds an event to the transaction `manager` belongs to; answers its id. The event carries the id of the request
   * or job recording it (a new one outside both), and the jobs it causes run under that id.
   */
  async record<T extends EventType>(manager: EntityManager, type: T, payload: EventPayload<T>): Promise<string> {
    const recorded = this.recorded.get(manager);
    // Only a transaction opened here can announce its events once committed.
    if (!recorded) throw new Error(`El evento ${type} se registra dentro de OutboxService.transaction`);
    const id = randomUUID();
    recorded.push({ id, type, payload, requestId: currentRequestId() ?? newRequestId() });
    return id;
  }

  /**
   * Schedules a task with the transaction `manager` belongs to: the relay adds its job (id `jobId`, where a present job
   * of that id wins) once the transaction commits, waiting in BullMQ until `delayMs` after now. A task is then as
   * sure as the change that needs it: no job is lost between the commit and a job that would schedule it.
   */
  schedule<N extends TaskName>(manager: EntityManager, name: N, data: TaskData<N>, options: { jobId: string; delayMs: number }): void {
    const recorded = this.recorded.get(manager);
    if (!recorded) throw new Error(`La tarea ${name} se programa dentro de OutboxService.transaction`);
    recorded.push({
      id: randomUUID(),
      type: name,
      payload: data,
      requestId: currentRequestId() ?? newRequestId(),
      jobId: options.jobId,
      runAt: new Date(Date.now() + options.delayMs),
    });
  }

  /**
   * Issues the statements `send` starts (each written before its first `await`, as writeTogether's) to go out with the
   * transaction's COMMIT, in the same write as its events: a change that needs no answer to decide costs no round trip
   * of its own. Answers their answer, which comes once the transaction has ended. One that fails turns the COMMIT into
   * a rollback, and its error is what `transaction` throws (not the "transaction aborted" of the statements after it).
   * A later statement of the transaction sends them with it instead (one more round trip, still in order).
   */
  writeWithCommit<T>(manager: EntityManager, send: () => Promise<T>): Promise<T> {
    const sent = this.sentWithCommit.get(manager);
    if (!sent) throw new Error('writeWithCommit va dentro de OutboxService.transaction');
    const answer = writeWithNextQuery(manager, send);
    // Reported by `transaction`, which awaits it; until then nothing may call it unhandled.
    answer.catch(() => undefined);
    sent.push(answer);
    return answer;
  }

  /** Runs `work` in a transaction; once it has committed, wakes the relay and announces its events in this process. */
  async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const recorded: OutboxRow[] = [];
    const sentWithCommit: Promise<unknown>[] = [];
    let written: Promise<void> = Promise.resolve();
    let result: T;
    try {
      result = await this.events.transaction(async (manager) => {
        this.recorded.set(manager, recorded);
        this.sentWithCommit.set(manager, sentWithCommit);
        const answer = await work(manager);
        // One statement for all of them, inside the transaction: they commit, or roll back, with the change. It goes out
        // with the COMMIT (one write, one round trip): an insert that failed turns that COMMIT into a rollback, and its
        // error is this transaction's, thrown below.
        written = writeWithNextQuery(manager, () => this.events.addMany(manager, recorded));
        written.catch(() => undefined);
        return answer;
      });
    } catch (error) {
      // A statement sent ahead of the one that failed, failed first: its error is the cause.
      for (const statement of sentWithCommit) await statement;
      throw error;
    }
    // The first of them that failed, in the order issued, rolled the transaction back.
    for (const statement of sentWithCommit) await statement;
    await written;
    if (recorded.length > 0)
      this.emitter.emit(
        OUTBOX_WRITTEN,
        recorded.map((event) => event.id),
      );
    for (const event of recorded) if (event.jobId === undefined) this.emitter.emit(committed(event.type), event.payload);
    return result;
  }
}
