import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EventPayloads, EventType } from '@oficios/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { OutboxEvent } from './entities/outbox-event.entity';

/** Emitted after a transaction that wrote events commits: wakes the relay. */
export const OUTBOX_WRITTEN = 'outbox.written';

/**
 * Writes events in the same transaction as the state change they report, so
 * either both happen or neither; the relay delivers them after commit.
 */
@Injectable()
export class OutboxService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly emitter: EventEmitter2,
  ) {}

  /** Adds an event to the transaction `manager` belongs to; answers its id. */
  async record<T extends EventType>(manager: EntityManager, type: T, payload: EventPayloads[T]): Promise<string> {
    const event = await manager.getRepository(OutboxEvent).save(manager.getRepository(OutboxEvent).create({ type, payload }));
    return event.id;
  }

  /** Runs `work` in a transaction and, once it has committed, wakes the relay. */
  async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.dataSource.transaction(work);
    this.wake();
    return result;
  }

  /** After a commit that recorded events in a transaction of its own: deliver them now rather than on the next poll. */
  wake(): void {
    this.emitter.emit(OUTBOX_WRITTEN);
  }
}
