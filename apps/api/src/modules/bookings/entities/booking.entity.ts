import {
  BOOKING_STATUSES,
  ORDER_STATUSES,
  type Cents,
  type Day,
  type IsoDate,
  type BookingStatus,
  type OrderStatus,
} from '@oficios/domain';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { centsTransformer } from '../../../common/cents.transformer';
import { isoDatesTransformer } from '../../../common/dates/iso-dates.transformer';

/** Postgres hands numeric back as text: km as a number. */
const distanceKmTransformer = {
  to: (km: number | null | undefined) => km,
  from: (km: string | null) => (km === null ? null : Number(km)),
};

/**
 * A booking: one professional booked for some dates, within an order (the group of bookings a client paid for
 * together), with its amount at booking time. `order_id`, `client_id` and `professional_id` are the order, the
 * account and the catalogue's professional (their foreign keys live in the migrations).
 */
@Entity('bookings')
export class Booking {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('bookings_order_idx')
  @Column({ type: 'integer' })
  orderId: number;

  @Index('bookings_client_idx')
  @Column({ type: 'integer' })
  clientId: number;

  @Index('bookings_professional_idx')
  @Column({ type: 'integer' })
  professionalId: number;

  @Column({ type: 'text', array: true })
  days: Day[];

  @Column({ type: 'bigint', transformer: centsTransformer })
  reservationAmountCents: Cents;

  /** The order's spec status, kept in step with the order (the answers' `status`). */
  @Column({ type: 'enum', enum: ORDER_STATUSES, enumName: 'order_status', default: 'creada' })
  status: OrderStatus;

  /** The booked dates, ascending (at least one). */
  @Column({ type: 'date', array: true, default: () => "'{}'", transformer: isoDatesTransformer })
  dates: IsoDate[];

  /** Dates cancelled one by one while the booking goes on (booking_date_cancellations says by whom and for how much). */
  @Column({ type: 'date', array: true, default: () => "'{}'", transformer: isoDatesTransformer })
  cancelledDates: IsoDate[];

  /** The booking's own life cycle (libs/domain's moveBooking; the API's `lineStatus`). */
  @Column({ type: 'enum', enum: BOOKING_STATUSES, enumName: 'booking_status', default: 'awaiting_payment' })
  lineStatus: BookingStatus;

  /** When the professional's answer is due (while awaiting_professional). */
  @Column({ type: 'timestamptz', nullable: true })
  responseDueAt: Date | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  declineReason: string | null;

  /** Money given back on this line so far. */
  @Column({ type: 'bigint', default: 0, transformer: centsTransformer })
  refundedCents: Cents;

  /** When the booking became done (by its professional, the administrator or by itself): the dispute window counts from it. */
  @Column({ type: 'timestamptz', nullable: true })
  doneAt: Date | null;

  /** The client's job request copied from the cart line at checkout (null: none written). */
  @Column({ type: 'varchar', length: 2000, nullable: true })
  jobRequestText: string | null;

  /** The request's photos (`job_request_images`, the job-requests module's), in order. */
  @Column({ type: 'integer', array: true, default: () => "'{}'" })
  jobRequestImageIds: number[];

  /** Km from the professional's base to the job's place when booked (null: no area, or no place): never recomputed. */
  @Column({ type: 'numeric', precision: 6, scale: 1, nullable: true, transformer: distanceKmTransformer })
  distanceKm: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
