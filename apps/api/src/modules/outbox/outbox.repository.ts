import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { queuesOfRow, type EventJobData, type EventType, type QueueName, type TaskName } from '@oficios/domain';
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

/** A sent row some of whose jobs have not finished: the queues `unfinishedQueues` still owe it. */
export interface UnfinishedEvent extends PendingEvent {
  unfinishedQueues: QueueName[];
}

/** A job that ended (succeeded, or failed for good): its row known by id (an event's), or found by its job id (a task's). */
export interface FinishedJob {
  queue: QueueName;
  eventId: string | null;
  jobId: string;
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
      `INSERT INTO outbox_events (id, type, payload, request_id, job_id, run_at, unfinished_queues, created_at)
       SELECT e.id, e.type, e.payload, e.request_id, e.job_id, e.run_at, string_to_array(e.queues, ',')::varchar[], clock_timestamp()
       FROM unnest($1::uuid[], $2::varchar[], $3::jsonb[], $4::varchar[], $5::varchar[], $6::timestamptz[], $7::text[])
            WITH ORDINALITY AS e(id, type, payload, request_id, job_id, run_at, queues, n)
       ORDER BY e.n`,
      [
        events.map((e) => e.id),
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.payload)),
        events.map((e) => e.requestId),
        events.map((e) => e.jobId ?? null),
        events.map((e) => (e.jobId === undefined ? null : e.runAt)),
        // Every queue owes the row its job until the job ends ('' is none: a broadcast).
        events.map((e) => queuesOfRow(e.type).join(',')),
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

  /**
   * The sent rows with jobs still unfinished that were sent before `cutoff` (with `dueOnly`, only those due by then: a
   * task waiting for its time is not late), oldest first.
   */
  unfinishedBefore(cutoff: Date, { dueOnly, limit }: { dueOnly: boolean; limit: number }): Promise<UnfinishedEvent[]> {
    return this.dataSource.query(
      `SELECT id, type, payload, request_id AS "requestId", job_id AS "jobId", run_at AS "runAt", unfinished_queues AS "unfinishedQueues"
       FROM outbox_events
       WHERE unfinished_queues <> '{}' AND sent_at < $1 AND (NOT $3 OR run_at IS NULL OR run_at < $1)
       ORDER BY sent_at LIMIT $2`,
      [cutoff, limit, dueOnly],
    );
  }

  /**
   * Takes the queues of jobs that ended off their rows' unfinished ones, in one statement: an event's row by its id, a
   * task's by its job id (every row that scheduled that job: the first one's job ran for all of them).
   */
  async markFinished(jobs: readonly FinishedJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.dataSource.query(
      `WITH finished AS (
         SELECT * FROM unnest($1::varchar[], $2::uuid[], $3::varchar[]) AS f(queue, event_id, job_id)
       ), rows AS (
         SELECT o.id, f.queue FROM finished f JOIN outbox_events o ON o.id = f.event_id
         UNION ALL
         SELECT o.id, f.queue FROM finished f JOIN outbox_events o
           ON f.event_id IS NULL AND o.job_id = f.job_id AND o.unfinished_queues <> '{}'
       ), done AS (SELECT id, array_agg(queue) AS queues FROM rows GROUP BY id)
       UPDATE outbox_events o SET unfinished_queues = ARRAY(SELECT q FROM unnest(o.unfinished_queues) AS q WHERE q <> ALL (done.queues))
       FROM done WHERE o.id = done.id`,
      [jobs.map((job) => job.queue), jobs.map((job) => job.eventId), jobs.map((job) => job.jobId)],
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
