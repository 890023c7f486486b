import type { BookingActor, Cents, IsoDate } from '@oficios/domain';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { centsTransformer } from '../../../common/cents.transformer';
import { isoDatesTransformer } from '../../../common/dates/iso-dates.transformer';
import { Booking } from './booking.entity';

/**
 * Some dates of a booking cancelled by its client or its professional while the booking goes on with the rest: one row
 * per request, with the one refund it asked for (`refund_key`, payments' idempotency key; null when nothing came back).
 * `actor_id` is an account (its key lives in the migrations).
 */
@Entity('booking_date_cancellations')
export class BookingDateCancellation {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('booking_date_cancellations_line_idx')
  @Column({ type: 'integer' })
  lineId: number;

  @Column({ type: 'date', array: true, transformer: isoDatesTransformer })
  dates: IsoDate[];

  @Column({ type: 'varchar', length: 20 })
  actor: BookingActor;

  @Column({ type: 'integer', nullable: true })
  actorId: number | null;

  /** What the policy (or the professional's cancellation) gave back for these dates, computed once when cancelled. */
  @Column({ type: 'bigint', transformer: centsTransformer })
  refundCents: Cents;

  @Index('booking_date_cancellations_refund_key', { unique: true, where: 'refund_key IS NOT NULL' })
  @Column({ type: 'varchar', length: 64, nullable: true })
  refundKey: string | null;

  /** When the provider confirmed the refund (added once to the booking's refunded amount, whatever the redeliveries). */
  @Column({ type: 'timestamptz', nullable: true })
  refundSettledAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => Booking, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'line_id' })
  booking: Relation<Booking>;
}
