import { Column, Entity, Index } from 'typeorm';
import { SingleUseToken } from './single-use-token.entity';

/** The link that proves an e-mail address: single-use, expiring, only its hash stored, valid for that address only. */
@Entity('email_verification_tokens')
@Index('email_verification_tokens_user_idx', ['userId'])
@Index('email_verification_tokens_hash_key', ['tokenHash'], { unique: true })
export class EmailVerificationToken extends SingleUseToken {
  /** The address the link was mailed to: once the account's e-mail changes, the link proves nothing. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** The EmailVerificationRequested event whose job issued it: a retried job issues this row again. */
  @Index('email_verification_tokens_event_key', { unique: true })
  @Column({ type: 'uuid' })
  eventId: string;
}
