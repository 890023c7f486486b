import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EventJobData, EventType, TaskName } from '@oficios/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { preparedQuery } from '../../database/prepared-query';

/** An event (or a scheduled task) waiting to be relayed. */
export interface PendingEvent {
  id: string;
  type: EventType | TaskName;
  payload: EventJobData['payload'];
  requestId: string | null;
  /** A task's job id; null for an event. */
  jobId: string | null;
  /** When a task is due; null for an event and for a task due at once. */
  runAt: Date | null;
}

/** A row a transaction adds: an event, or a scheduled task with its job id and when it is due. */
export type OutboxRow =
  | { id: string; type: EventType; payload: object; requestId: string; jobId?: undefined }
  | { id: string; type: TaskName; payload: object; requestId: string; jobId: string; runAt: Date };

/** `outbox_events`, the outbox module's table: the only code that reads or writes it. */
@Injectable()
export class OutboxRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Adds a transaction's events in one statement, in the order given (each row's `created_at` is the moment it is
   * written, so the relay, oldest first, keeps that order).
   */
  async addMany(manager: EntityManager, events: readonly OutboxRow[]): Promise<void> {
    if (events.length === 0) return;
    await preparedQuery(
      manager,
      `INSERT INTO outbox_events (id, type, payload, request_id, job_id, run_at, created_at)
       SELECT e.id, e.type, e.payload, e.request_id, e.job_id, e.run_at, clock_timestamp()
       FROM unnest($1::uuid[], $2::varchar[], $3::jsonb[], $4::varchar[], $5::varchar[], $6::timestamptz[])
            WITH ORDINALITY AS e(id, type, payload, request_id, job_id, run_at, n)
       ORDER BY e.n`,
      [
        events.map((e) => e.id),
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.payload)),
        events.map((e) => e.requestId),
        events.map((e) => e.jobId ?? null),
        events.map((e) => (e.jobId === undefined ? null : e.runAt)),
      ],
    );
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Claims up to `limit` pending events, oldest first, and hands them to `send`; they are marked sent in the same
   * transaction, which commits once `send` resolves. Rows are locked with SKIP LOCKED, so claimers in other processes
   * take other rows; if `send` throws the marks roll back. Answers how many were claimed.
   */
  claimPending(limit: number, send: (events: PendingEvent[]) => Promise<void>): Promise<number> {
    // Planned each time (not prepared): a plan cached while the table was small would read the whole table on every
    // claim once it has grown.
    return this.claim(send, (manager) =>
      manager.query(
        claimSql('SELECT id FROM outbox_events WHERE sent_at IS NULL ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED'),
        [limit],
      ),
    );
  }

  /**
   * Claims those of the events `ids` that are still pending (as claimPending), found by their primary key: what a
   * process just committed, relayed without reading the pending index (whose entries for sent events stay until the
   * table is vacuumed, and are all read again by every scan until then).
   */
  claimByIds(ids: readonly string[], send: (events: PendingEvent[]) => Promise<void>): Promise<number> {
    return this.claim(send, (manager) =>
      preparedQuery<PendingEvent>(
        manager,
        claimSql('SELECT id FROM outbox_events WHERE id = ANY($1::uuid[]) AND sent_at IS NULL FOR UPDATE SKIP LOCKED'),
        [ids],
      ),
    );
  }

  private claim(
    send: (events: PendingEvent[]) => Promise<void>,
    claimed: (manager: EntityManager) => Promise<PendingEvent[]>,
  ): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const events = await claimed(manager);
      await send(events);
      return events.length;
    });
  }
}

/** Marks the rows `chosen` selects (and locks) as sent, in one statement, answering them oldest first. */
const claimSql = (chosen: string) =>
  `WITH claimed AS (
     UPDATE outbox_events SET sent_at = now(), attempts = attempts + 1
     WHERE id IN (${chosen})
     RETURNING id, type, payload, request_id, job_id, run_at, created_at
   )
   SELECT id, type, payload, request_id AS "requestId", job_id AS "jobId", run_at AS "runAt" FROM claimed ORDER BY created_at, id`;
