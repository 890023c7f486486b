import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EventJobData, EventType } from '@oficios/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { OutboxEvent } from './entities/outbox-event.entity';

/** An event waiting to be relayed. */
export interface PendingEvent {
  id: string;
  type: EventType;
  payload: EventJobData['payload'];
  requestId: string | null;
}

/** `outbox_events`, the outbox module's table: the only code that reads or writes it. */
@Injectable()
export class OutboxRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Adds an event to the transaction `manager` belongs to; answers its id. */
  async add(manager: EntityManager, event: { type: EventType; payload: object; requestId: string }): Promise<string> {
    const events = manager.getRepository(OutboxEvent);
    const saved = await events.save(
      events.create({ type: event.type, payload: event.payload as Record<string, unknown>, requestId: event.requestId }),
    );
    return saved.id;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Claims up to `limit` pending events, oldest first, and hands them to `send`; once it resolves they are marked
   * sent, in the same transaction. Rows are locked with SKIP LOCKED, so claimers in other processes take other
   * rows; if `send` throws nothing is marked. Answers how many were claimed.
   */
  claimPending(limit: number, send: (events: PendingEvent[]) => Promise<void>): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const events: PendingEvent[] = await manager.query(
        `SELECT id, type, payload, request_id AS "requestId" FROM outbox_events
         WHERE sent_at IS NULL ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit],
      );
      await send(events);
      if (events.length > 0)
        await manager.query(`UPDATE outbox_events SET sent_at = now(), attempts = attempts + 1 WHERE id = ANY($1::uuid[])`, [
          events.map((event) => event.id),
        ]);
      return events.length;
    });
  }
}
