import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A thread between a client and a professional: a pre-booking inquiry (`line_id` null; at most one per pair) or the
 * thread of one booking (order line), which an inquiry becomes when the pair books. `client_id`, `professional_id`,
 * `line_id` and `reported_by` point to other modules' rows (their foreign keys live in the migrations).
 */
@Entity('conversations')
@Index('conversations_client_inbox_idx', ['clientId', 'updatedAt'])
@Index('conversations_professional_inbox_idx', ['professionalId', 'updatedAt'])
@Index('conversations_open_inquiry_key', ['clientId', 'professionalId'], { unique: true, where: 'line_id IS NULL' })
@Index('conversations_reported_idx', ['reportedAt'], { where: 'reported_at IS NOT NULL' })
export class Conversation {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  clientId: number;

  @Column({ type: 'integer' })
  professionalId: number;

  @Index('conversations_line_key', { unique: true })
  @Column({ type: 'integer', nullable: true })
  lineId: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** Time of the last message (or creation): the inbox's order. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  reportedAt: Date | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  reportReason: string | null;

  @Column({ type: 'integer', nullable: true })
  reportedBy: number | null;
}
