import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A client's single server-side cart (`client_id`: the account's id; its foreign key lives in the migrations). */
@Entity('carts')
@Check('carts_place_whole', '(place_locality_id IS NULL) = (place_street IS NULL)')
export class Cart {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('carts_client_key', { unique: true })
  @Column({ type: 'integer' })
  clientId: number;

  /**
   * Where the cart's job is, once the client names it (INDEC id and street, both or neither); until then the client's
   * address stands for it. The locality's foreign key lives in the migrations.
   */
  @Column({ type: 'varchar', length: 10, nullable: true })
  placeLocalityId: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  placeStreet: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
