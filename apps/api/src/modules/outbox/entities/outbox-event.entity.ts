import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An event written in the same transaction as the state change it reports; the relay moves it to BullMQ. */
@Entity('outbox_events')
@Index('outbox_events_pending_idx', ['createdAt'], { where: 'sent_at IS NULL' })
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

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @Column({ type: 'integer', default: 0 })
  attempts: number;
}
