import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An event written in the same transaction as the state change it reports, or a task that transaction schedules; the
 * relay moves it to BullMQ.
 */
@Entity('outbox_events')
@Index('outbox_events_pending_idx', ['createdAt'], { where: 'sent_at IS NULL' })
@Index('outbox_events_unfinished_idx', ['sentAt'], { where: `unfinished_queues <> '{}'` })
@Index('outbox_events_unfinished_job_idx', ['jobId'], { where: `job_id IS NOT NULL AND unfinished_queues <> '{}'` })
export class OutboxEvent {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 80 })
  type: string;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  /** The request (or job) that caused the event; its jobs run under it. Null on events older than the column. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  requestId: string | null;

  /** A task's job id (a present job of that id wins); null for an event (its job id is the event's id). */
  @Column({ type: 'varchar', length: 200, nullable: true })
  jobId: string | null;

  /** When a task is due: its job waits in BullMQ until then. Null for an event and for a task due at once. */
  @Column({ type: 'timestamptz', nullable: true })
  runAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /**
   * The queues whose job of this row has not finished (succeeded, or failed for good): written with the row, emptied
   * as its jobs end. A row sent long ago that still has some lost them (Redis forgot): the reconciler sends it again.
   */
  @Column({ type: 'varchar', length: 40, array: true, default: () => "'{}'" })
  unfinishedQueues: string[];
}
