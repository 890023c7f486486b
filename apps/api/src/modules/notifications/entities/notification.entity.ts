import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** In-app notice for a user (e.g. a professional's new paid job); `user_id`'s foreign key lives in the migrations. */
@Entity('notifications')
@Index('notifications_user_idx', ['userId', 'createdAt'])
@Index('notifications_source_user_key', ['sourceEventId', 'userId'], { unique: true, where: 'source_event_id IS NOT NULL' })
export class Notification {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 60 })
  kind: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  data: Record<string, unknown>;

  /** The event that caused it: a redelivered event creates nothing new for the same user. */
  @Column({ type: 'uuid', nullable: true })
  sourceEventId: string | null;

  /** When its e-mail went out (null: not mailed, or in-app only). */
  @Column({ type: 'timestamptz', nullable: true })
  mailedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  readAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
