import { REFUND_CAUSES, REFUND_STATUSES, type Cents, type RefundCause, type RefundStatus } from '@oficios/domain';
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
import { Booking } from './booking.entity';

/**
 * A refund of a booking as its client and the panel follow it: requested when the line's exit (or a dispute) owes
 * money back, then approved or failed as payments reports (BookingRefundSettled). Payments keeps the provider's side;
 * this is the line's own record of it, one per line and cause, like the refund's idempotency key.
 */
@Entity('booking_refunds')
@Check('booking_refunds_amount_positive', 'amount_cents > 0')
@Index('booking_refunds_line_cause_key', ['lineId', 'cause'], { unique: true })
export class BookingRefund {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  lineId: number;

  @Column({ type: 'enum', enum: REFUND_CAUSES, enumName: 'booking_refund_cause' })
  cause: RefundCause;

  @Column({ type: 'bigint', transformer: centsTransformer })
  amountCents: Cents;

  @Column({ type: 'enum', enum: REFUND_STATUSES, enumName: 'booking_refund_status', default: 'requested' })
  status: RefundStatus;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @ManyToOne(() => Booking, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'line_id' })
  booking: Relation<Booking>;
}
