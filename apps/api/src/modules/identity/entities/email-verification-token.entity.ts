import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { User } from './user.entity';

/** The link that proves an e-mail address: single-use, expiring, only its hash stored, valid for that address only. */
@Entity('email_verification_tokens')
export class EmailVerificationToken {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('email_verification_tokens_user_idx')
  @Column({ type: 'integer' })
  userId: number;

  /** The address the link was mailed to: once the account's e-mail changes, the link proves nothing. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Index('email_verification_tokens_hash_key', { unique: true })
  @Column({ type: 'varchar', length: 128 })
  tokenHash: string;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  /** The EmailVerificationRequested event whose job issued it: a retried job issues this row again. */
  @Index('email_verification_tokens_event_key', { unique: true })
  @Column({ type: 'uuid' })
  eventId: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user: Relation<User>;
}
