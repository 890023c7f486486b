import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { User } from './user.entity';

/** Single-use, expiring; only the token's hash is stored. */
@Entity('password_reset_tokens')
export class PasswordResetToken {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('password_reset_tokens_user_idx')
  @Column({ type: 'integer' })
  userId: number;

  @Index('password_reset_tokens_hash_key', { unique: true })
  @Column({ type: 'varchar', length: 128 })
  tokenHash: string;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  /** The PasswordResetRequested event whose job issued it: a retried job issues this row again, never a second one. */
  @Index('password_reset_tokens_event_key', { unique: true })
  @Column({ type: 'uuid', nullable: true })
  eventId: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User>;
}
