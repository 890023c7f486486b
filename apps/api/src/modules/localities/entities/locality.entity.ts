import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A locality of Argentina, loaded from Georef AR by the migration Localities; never written by the application. */
@Entity('localities')
@Index('localities_point_idx', { synchronize: false })
export class Locality {
  /** INDEC id, text: it has leading zeros. */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  id: string;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 120 })
  department: string;

  @Column({ type: 'varchar', length: 80 })
  province: string;

  @Column({ type: 'double precision' })
  lat: number;

  @Column({ type: 'double precision' })
  lon: number;

  /** ll_to_earth(lat, lon), GiST-indexed: what distances are measured between, in SQL only. */
  @Column({ type: 'cube', select: false, insert: false, update: false })
  point?: unknown;
}

/** A Georef record the import left out, and why: the migration's report (`npm run db:migrate` prints it). */
@Entity('locality_import_skips')
export class LocalityImportSkip {
  @Column({ type: 'integer', primary: true, generated: 'increment' })
  id: number;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 80 })
  province: string;

  @Column({ type: 'varchar', length: 200 })
  reason: string;
}
