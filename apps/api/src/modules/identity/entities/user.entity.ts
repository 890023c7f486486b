import { USER_TYPES, type UserType } from '@oficios/domain';
import { BeforeInsert, BeforeUpdate, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * Every account: cliente, profesional or administrador, with its person and how it signs in. A professional's
 * public profile (what it offers, price, days, rating) is the catalogue's (`professionals`, same id).
 */
@Entity('users')
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'enum', enum: USER_TYPES, enumName: 'user_type' })
  type: UserType;

  @Column({ type: 'varchar', length: 80 })
  firstName: string;

  @Column({ type: 'varchar', length: 80 })
  lastName: string;

  /** Stored lower-case; unique. */
  @Index('users_email_key', { unique: true })
  @Column({ type: 'varchar', length: 254 })
  email: string;

  /**
   * When the owner proved the e-mail is theirs (the link mailed at registration or after a change; Google at a
   * Google registration). Null until then: an unverified account is never linked to a Google identity.
   */
  @Column({ type: 'timestamptz', nullable: true })
  emailVerifiedAt: Date | null;

  /** argon2id; null for Google-only accounts. Never selected unless asked. */
  @Column({ type: 'varchar', length: 255, nullable: true, select: false })
  passwordHash: string | null;

  @Column({ type: 'varchar', length: 40, default: '' })
  phoneNumber: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  address: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  profileImg: string | null;

  /** Identity-provider subject (Google) once linked. */
  @Index('users_auth_id_key', { unique: true, where: 'auth_id IS NOT NULL' })
  @Column({ type: 'varchar', length: 255, nullable: true })
  authId: string | null;

  @Column({ type: 'boolean', default: false })
  google: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @BeforeInsert()
  @BeforeUpdate()
  protected normalize(): void {
    if (this.email !== undefined) this.email = this.email.trim().toLowerCase();
  }
}
