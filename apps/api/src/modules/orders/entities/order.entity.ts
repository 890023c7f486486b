import { ORDER_STATUSES, type Cents, type OrderStatus } from '@oficios/domain';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { centsTransformer } from '../../../common/cents.transformer';

/** An order of a client (`client_id`; the foreign keys to the account and the cart live in the migrations). */
@Entity('orders')
// Unpaid orders are found by orders_open_cart_key (see the OpenOrderLookup migration).
@Index('orders_status_idx', ['status', 'createdAt'], { where: `status <> 'creada'` })
export class Order {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('orders_client_idx')
  @Column({ type: 'integer' })
  clientId: number;

  /**
   * The cart it was checked out from. One open (creada) order per cart, kept by the database: checking the same
   * cart out again answers that order (or replaces it when the cart changed) instead of charging twice.
   */
  @Index('orders_open_cart_key', { unique: true, where: `status = 'creada'` })
  @Column({ type: 'integer', nullable: true })
  cartId: number | null;

  @Column({ type: 'bigint', transformer: centsTransformer })
  amountCents: Cents;

  @Column({ type: 'enum', enum: ORDER_STATUSES, enumName: 'order_status', default: 'creada' })
  status: OrderStatus;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
