import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A client's single server-side cart (`client_id`: the account's id; its foreign key lives in the migrations). */
@Entity('carts')
export class Cart {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('carts_client_key', { unique: true })
  @Column({ type: 'integer' })
  clientId: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
