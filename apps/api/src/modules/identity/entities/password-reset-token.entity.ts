import { Column, Entity, Index } from 'typeorm';
import { SingleUseToken } from './single-use-token.entity';

/** Single-use, expiring; only the token's hash is stored. */
@Entity('password_reset_tokens')
@Index('password_reset_tokens_user_idx', ['userId'])
@Index('password_reset_tokens_hash_key', ['tokenHash'], { unique: true })
export class PasswordResetToken extends SingleUseToken {
  /** The PasswordResetRequested event whose job issued it: a retried job issues this row again, never a second one. */
  @Index('password_reset_tokens_event_key', { unique: true })
  @Column({ type: 'uuid', nullable: true })
  eventId: string | null;
}
