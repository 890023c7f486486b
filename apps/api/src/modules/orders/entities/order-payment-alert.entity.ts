import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Order } from './order.entity';

/**
 * Money of an order an administrator must look at: a payment that could not pay it (needs review), money taken that
 * is owed back (refund due). Payments reports its own payments here (`payment_id`, one alert each, kept up to date);
 * an administrator cancelling a paid order adds one without a payment.
 */
@Entity('order_payment_alerts')
@Index('order_payment_alerts_payment_key', ['orderId', 'paymentId'], { unique: true, where: 'payment_id IS NOT NULL' })
export class OrderPaymentAlert {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('order_payment_alerts_order_idx')
  @Column({ type: 'integer' })
  orderId: number;

  /** The payment it is about (payments' id), or null for an alert of the order itself. */
  @Column({ type: 'integer', nullable: true })
  paymentId: number | null;

  @Column({ type: 'boolean', default: false })
  needsReview: boolean;

  @Column({ type: 'boolean', default: false })
  refundDue: boolean;

  /** Why, in Spanish, for the administrators. */
  @Column({ type: 'varchar', length: 500 })
  reason: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order: Relation<Order>;
}
