import { ORDER_STATUSES, type Cents, type OrderChangeReason, type OrderStatus } from '@oficios/domain';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
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

  /**
   * Where the job is, as it was at checkout: the locality's snapshot (id, name, department, province; no foreign key, it
   * never follows the data) and the street. All null for an order made without a place.
   */
  @Column({ type: 'varchar', length: 10, nullable: true })
  placeLocalityId: string | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  placeLocalityName: string | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  placeDepartment: string | null;

  @Column({ type: 'varchar', length: 80, nullable: true })
  placeProvince: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  placeStreet: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

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
