import { PAYMENT_REFUND_CAUSES, REFUND_STATUSES, type Cents, type PaymentRefundCause, type RefundStatus } from '@oficios/domain';
import {
  Check,
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
import { Payment } from './payment.entity';

/**
 * Money given back through the provider: of an order line, from the order's approved payment, or a whole payment that
 * could not pay its order (no line, cause `not_applied`). One row per idempotency key, by the database: a redelivered
 * or retried request finds its row instead of refunding again. `order_id` and `line_id` are orders' ids, `client_id`
 * identity's (their foreign keys live in the migrations).
 */
@Entity('payment_refunds')
@Check('payment_refunds_amount_positive', 'amount_cents > 0')
@Check('payment_refunds_line_or_payment', `(line_id IS NULL) = (cause::text = 'not_applied')`)
export class PaymentRefund {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('payment_refunds_payment_idx')
  @Column({ type: 'integer' })
  paymentId: number;

  @Column({ type: 'integer' })
  orderId: number;

  /** The line refunded; null for a whole payment that paid nothing. */
  @Index('payment_refunds_line_idx')
  @Column({ type: 'integer', nullable: true })
  lineId: number | null;

  /** The order's client (identity's id), whom BookingRefundSettled names. */
  @Column({ type: 'integer' })
  clientId: number;

  @Column({ type: 'enum', enum: PAYMENT_REFUND_CAUSES, enumName: 'payment_refund_cause' })
  cause: PaymentRefundCause;

  @Column({ type: 'bigint', transformer: centsTransformer })
  amountCents: Cents;

  /** Also the provider's X-Idempotency-Key: the provider makes one refund per key, this table one row. */
  @Index('payment_refunds_idempotency_key', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  idempotencyKey: string;

  @Column({ type: 'enum', enum: REFUND_STATUSES, enumName: 'payment_refund_status', default: 'requested' })
  status: RefundStatus;

  /** The provider's refund id once it answered; a notification settles a still requested row by it. */
  @Index('payment_refunds_provider_refund_key', { unique: true, where: 'provider_refund_id IS NOT NULL' })
  @Column({ type: 'varchar', length: 100, nullable: true })
  providerRefundId: string | null;

  /** Why it failed, in Spanish, for the administrators. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  failure: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @ManyToOne(() => Payment, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'payment_id' })
  payment: Relation<Payment>;
}
