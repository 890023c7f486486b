import { nameSortKey, type Cents, type Day } from '@oficios/domain';
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
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import { centsTransformer } from '../../../common/cents.transformer';
import { Profession } from './profession.entity';

/**
 * A professional as the catalogue shows and books them: the public profile (what they offer, their price, days and
 * rating) and a copy of the contact the listing shows and sorts by, kept in step with the account by the writers
 * (registration, the administrator's editor) in the same transaction. Same id as the account.
 */
@Entity('professionals')
@Check('professionals_rating_range', 'rating BETWEEN 0 AND 5')
@Check('professionals_day_price_positive', 'day_price_cents >= 0')
// Listing indexes (COLLATE "C", trigram) live in the migration.
@Index('professionals_name_idx', { synchronize: false })
@Index('professionals_name_desc_idx', { synchronize: false })
@Index('professionals_rating_idx', { synchronize: false })
@Index('professionals_rating_desc_idx', { synchronize: false })
@Index('professionals_search_name_trgm_idx', { synchronize: false })
export class Professional {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 80 })
  firstName: string;

  @Column({ type: 'varchar', length: 80 })
  lastName: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 40, default: '' })
  phoneNumber: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  address: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  profileImg: string | null;

  /** nameSortKey(firstName, lastName): what the listing sorts and searches by. */
  @Column({ type: 'varchar', length: 161 })
  searchName: string;

  @Column({ type: 'text', default: '' })
  aboutMe: string;

  @Column({ type: 'bigint', default: 0, transformer: centsTransformer })
  dayPriceCents: Cents;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  availableDays: Day[];

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
    if (this.firstName !== undefined && this.lastName !== undefined) this.searchName = nameSortKey(this.firstName, this.lastName);
  }
}
