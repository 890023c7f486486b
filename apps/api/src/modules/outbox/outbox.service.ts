import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { EventPayloads, EventType } from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { currentRequestId, newRequestId } from '../../common/request-context/request-context';
import { OutboxRepository } from './outbox.repository';

/** Emitted after a transaction that wrote events commits: wakes the relay. */
export const OUTBOX_WRITTEN = 'outbox.written';

/**
 * Writes events in the same transaction as the state change they report, so
 * either both happen or neither; the relay delivers them after commit.
 */
@Injectable()
export class OutboxService {
  constructor(
    private readonly events: OutboxRepository,
    private readonly emitter: EventEmitter2,
  ) {}

  /**
   * Adds an event to the transaction `manager` belongs to; answers its id. The event carries the id of the request
   * or job recording it (a new one outside both), and the jobs it causes run under that id.
   */
  async record<T extends EventType>(manager: EntityManager, type: T, payload: EventPayloads[T]): Promise<string> {
    return this.events.add(manager, { type, payload, requestId: currentRequestId() ?? newRequestId() });
  }

  /** Runs `work` in a transaction and, once it has committed, wakes the relay. */
  async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.events.transaction(work);
    this.wake();
    return result;
  }

  /** After a commit that recorded events in a transaction of its own: deliver them now rather than on the next poll. */
  wake(): void {
    this.emitter.emit(OUTBOX_WRITTEN);
  }
}
