import { USER_TYPES, type UserType } from '@oficios/domain';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { PersonContactColumns } from '../../../common/entities/person-contact.columns';

/**
 * Every account: cliente, profesional or administrador, with its person and how it signs in. A professional's
 * public profile (what it offers, price, days, rating) is the catalogue's (`professionals`, same id).
 */
@Entity('users')
// The e-mail is unique (stored lower-case).
@Index('users_email_key', ['email'], { unique: true })
export class User extends PersonContactColumns {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'enum', enum: USER_TYPES, enumName: 'user_type' })
  type: UserType;

  /**
   * When the owner proved the e-mail is theirs (the link mailed at registration or after a change; Google at a
   * Google registration). Null until then: an unverified account is never linked to a Google identity.
   */
  @Column({ type: 'timestamptz', nullable: true })
  emailVerifiedAt: Date | null;

  /** argon2id; null for Google-only accounts. Never selected unless asked. */
  @Column({ type: 'varchar', length: 255, nullable: true, select: false })
  passwordHash: string | null;

  /** Identity-provider subject (Google) once linked. */
  @Index('users_auth_id_key', { unique: true, where: 'auth_id IS NOT NULL' })
  @Column({ type: 'varchar', length: 255, nullable: true })
  authId: string | null;

  @Column({ type: 'boolean', default: false })
  google: boolean;

  /** The locality of the address (INDEC id): where a client's jobs are unless a checkout names another. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  localityId: string | null;
}
