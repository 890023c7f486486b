import { ORDER_STATUSES, type OrderChangeReason, type OrderStatus } from '@oficios/domain';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Order } from './order.entity';

/** Every change of an order's status: who (null: the system), when, from and to, and why. */
@Entity('order_status_changes')
@Index('order_status_changes_order_idx', ['orderId', 'createdAt'])
export class OrderStatusChange {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  orderId: number;

  @Column({ type: 'enum', enum: ORDER_STATUSES, enumName: 'order_status' })
  fromStatus: OrderStatus;

  @Column({ type: 'enum', enum: ORDER_STATUSES, enumName: 'order_status' })
  toStatus: OrderStatus;

  @Column({ type: 'integer', nullable: true })
  changedBy: number | null;

  /** Why (libs/domain's ORDER_CHANGE_REASONS). */
  @Column({ type: 'varchar', length: 40 })
  reason: OrderChangeReason;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order: Relation<Order>;
}
