import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { EventPayload, EventType } from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { currentRequestId, newRequestId } from '../../common/request-context/request-context';
import { OutboxRepository } from './outbox.repository';

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
  /** The events each open transaction recorded, by its manager. */
  private readonly recorded = new WeakMap<EntityManager, { type: EventType; payload: unknown }[]>();

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
    const id = await this.events.add(manager, { type, payload, requestId: currentRequestId() ?? newRequestId() });
    recorded.push({ type, payload });
    return id;
  }

  /** Runs `work` in a transaction; once it has committed, wakes the relay and announces its events in this process. */
  async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const recorded: { type: EventType; payload: unknown }[] = [];
    const result = await this.events.transaction((manager) => {
      this.recorded.set(manager, recorded);
      return work(manager);
    });
    if (recorded.length > 0) this.wake();
    for (const event of recorded) this.emitter.emit(committed(event.type), event.payload);
    return result;
  }

  /** After a commit that recorded events in a transaction of its own: deliver them now rather than on the next poll. */
  wake(): void {
    this.emitter.emit(OUTBOX_WRITTEN);
  }
}
