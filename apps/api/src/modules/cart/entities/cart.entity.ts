import { Column, CreateDateColumn, Entity, Index, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { CartDetail } from './cart-detail.entity';

/** A client's single server-side cart (`client_id`: the account's id; its foreign key lives in the migrations). */
@Entity('carts')
export class Cart {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('carts_client_key', { unique: true })
  @Column({ type: 'integer' })
  clientId: number;

  @OneToMany(() => CartDetail, (detail) => detail.cart)
  details: Relation<CartDetail[]>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
