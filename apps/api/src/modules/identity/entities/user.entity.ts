import { nameSortKey, USER_TYPES, type Day, type UserType } from '@oficios/domain';
import {
  BeforeInsert,
  BeforeUpdate,
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinTable,
  ManyToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { numericTransformer } from '../../../common/numeric.transformer';
import { Profession } from '../../catalog/entities/profession.entity';

/**
 * Every account: cliente, profesional or administrador. Professional-only
 * fields are null for the other types (one table keeps the listing a single
 * indexed scan).
 */
@Entity('users')
@Check('users_rating_range', 'rating BETWEEN 0 AND 5')
@Check('users_day_price_positive', 'day_price IS NULL OR day_price >= 0')
// Listing indexes (partial, COLLATE "C", trigram) live in the migration.
@Index('users_professional_id_idx', { synchronize: false })
@Index('users_professional_name_idx', { synchronize: false })
@Index('users_professional_name_desc_idx', { synchronize: false })
@Index('users_professional_rating_idx', { synchronize: false })
@Index('users_professional_rating_desc_idx', { synchronize: false })
@Index('users_search_name_trgm_idx', { synchronize: false })
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

  /** nameSortKey(firstName, lastName): what the listing sorts and searches by. */
  @Column({ type: 'varchar', length: 161 })
  searchName: string;

  @Column({ type: 'text', nullable: true })
  aboutMe: string | null;

  @Column({ type: 'numeric', precision: 10, scale: 2, nullable: true, transformer: numericTransformer })
  dayPrice: number | null;

  @Column({ type: 'text', array: true, nullable: true })
  availableDays: Day[] | null;

  /** Whole stars 0-5, recomputed from reviews. */
  @Column({ type: 'smallint', default: 0 })
  rating: number;

  /** Number of reviews received. */
  @Column({ type: 'integer', default: 0 })
  reputation: number;

  @ManyToMany(() => Profession)
  @JoinTable({
    name: 'professional_professions',
    joinColumn: { name: 'professional_id', referencedColumnName: 'id' },
    inverseJoinColumn: { name: 'profession_id', referencedColumnName: 'id' },
  })
  professions: Profession[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @BeforeInsert()
  @BeforeUpdate()
  protected normalize(): void {
    if (this.email !== undefined) this.email = this.email.trim().toLowerCase();
    if (this.firstName !== undefined && this.lastName !== undefined) {
      this.searchName = nameSortKey(this.firstName, this.lastName);
    }
  }
}
