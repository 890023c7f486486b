import { localityOf, nameSortKey, type Cents, type Day } from '@oficios/domain';
import { BeforeInsert, BeforeUpdate, Check, Column, Entity, Index, JoinTable, ManyToMany, PrimaryColumn } from 'typeorm';
import { centsTransformer } from '../../../common/cents.transformer';
import { PersonContactColumns } from '../../../common/entities/person-contact.columns';
import { Profession } from './profession.entity';

/**
 * A professional as the catalogue shows and books them: the public profile (what they offer, their price, days,
 * rating and locality) and a copy of the contact (the listing sorts by the name; the e-mail, phone and street are never
 * in its public answers), kept in step with the account by the writers (registration, the administrator's editor) in
 * the same transaction. Same id as the account.
 */
@Entity('professionals')
@Check('professionals_rating_range', 'rating BETWEEN 0 AND 5')
@Check('professionals_day_price_positive', 'day_price_cents >= 0')
@Check('professionals_area_radius_range', 'area_radius_km BETWEEN 1 AND 100')
@Check('professionals_area_whole', '(area_locality_id IS NULL) = (area_radius_km IS NULL)')
// Listing indexes (COLLATE "C", trigram) live in the migrations, as do the tables and triggers that keep the listing's
// entries per profession and its totals (ListingTotals).
@Index('professionals_name_idx', { synchronize: false })
@Index('professionals_name_desc_idx', { synchronize: false })
@Index('professionals_rating_idx', { synchronize: false })
@Index('professionals_rating_desc_idx', { synchronize: false })
@Index('professionals_search_name_trgm_idx', { synchronize: false })
@Index('professionals_rating_name_idx', { synchronize: false })
@Index('professionals_rating_name_desc_idx', { synchronize: false })
@Index('professionals_area_point_idx', { synchronize: false })
@Index('professionals_area_localities_idx', { synchronize: false })
@Index('professionals_area_extra_idx', { synchronize: false })
@Index('professionals_without_area_idx', { synchronize: false })
export class Professional extends PersonContactColumns {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  /** nameSortKey(firstName, lastName): what the listing sorts and searches by. */
  @Column({ type: 'varchar', length: 161 })
  searchName: string;

  /**
   * What the public catalogue shows instead of the street (the contact is not public): the service area's base
   * locality when there is one (kept by the catalogue's writers), else localityOf(address).
   */
  @Column({ type: 'varchar', length: 200, nullable: true })
  locality: string | null;

  @Column({ type: 'text', default: '' })
  aboutMe: string;

  /** The service area's base locality (INDEC id) and radius in km: both set or neither (no area: listed everywhere). */
  @Column({ type: 'varchar', length: 10, nullable: true })
  areaLocalityId: string | null;

  @Column({ type: 'smallint', nullable: true })
  areaRadiusKm: number | null;

  /** Localities the area also covers, wherever they are, and localities it leaves out (INDEC ids). */
  @Column({ type: 'varchar', length: 10, array: true, default: () => "'{}'" })
  areaExtraLocalityIds: string[];

  @Column({ type: 'varchar', length: 10, array: true, default: () => "'{}'" })
  areaExcludedLocalityIds: string[];

  /** The base locality's earthdistance point, copied by a trigger (migration Localities): read by SQL only. */
  @Column({ type: 'cube', nullable: true, select: false, insert: false, update: false })
  areaPoint?: unknown;

  /** The localities the area covers (`{*}`: no area, listed everywhere), kept by a trigger (migration NearListing). */
  @Column({ type: 'varchar', length: 10, array: true, default: () => "'{*}'", select: false, insert: false, update: false })
  areaLocalityIds?: string[];

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

  /**
   * Its professions as the answers show them (`[{id, name}]`, by id), kept by the database's triggers
   * (ListedProfessions) and read by the catalogue's SQL: never loaded or written through the entity.
   */
  @Column({ type: 'json', default: () => "'[]'", select: false, insert: false, update: false })
  listedProfessions?: { id: number; name: string }[];

  @ManyToMany(() => Profession)
  @JoinTable({
    name: 'professional_professions',
    joinColumn: { name: 'professional_id', referencedColumnName: 'id' },
    inverseJoinColumn: { name: 'profession_id', referencedColumnName: 'id' },
  })
  professions: Profession[];

  @BeforeInsert()
  @BeforeUpdate()
  protected computeSearchName(): void {
    if (this.firstName !== undefined && this.lastName !== undefined) this.searchName = nameSortKey(this.firstName, this.lastName);
  }

  @BeforeInsert()
  @BeforeUpdate()
  protected computeLocality(): void {
    if (this.address !== undefined && !this.areaLocalityId) this.locality = localityOf(this.address);
  }
}
