import { ORDER_STATUSES, type Cents, type Day, type OrderStatus } from '@oficios/domain';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { centsTransformer } from '../../../common/cents.transformer';
import { Order } from './order.entity';

/**
 * One professional booked in an order, with its days and amount at booking time. `client_id` and `professional_id`
 * are the account and the catalogue's professional (their foreign keys live in the migrations).
 */
@Entity('order_details')
export class OrderDetail {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('order_details_order_idx')
  @Column({ type: 'integer' })
  orderId: number;

  @Index('order_details_client_idx')
  @Column({ type: 'integer' })
  clientId: number;

  @Index('order_details_professional_idx')
  @Column({ type: 'integer' })
  professionalId: number;

  @Column({ type: 'text', array: true })
  days: Day[];

  @Column({ type: 'bigint', transformer: centsTransformer })
  reservationAmountCents: Cents;

  @Column({ type: 'enum', enum: ORDER_STATUSES, enumName: 'order_status', default: 'creada' })
  status: OrderStatus;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order: Relation<Order>;
}
