import { DISPUTE_RESOLUTIONS, type Cents, type DisputeResolution } from '@oficios/domain';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { centsTransformer } from '../../../common/cents.transformer';
import { Booking } from './booking.entity';

export const DISPUTE_STATUSES = ['open', 'resolved'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/**
 * A client's report of a problem with a done booking (one per booking), the professional's answer and the
 * administrator's resolution. `client_id` and `resolved_by` are accounts (their keys live in the migrations).
 */
@Entity('booking_disputes')
@Index('booking_disputes_status_idx', ['status', 'createdAt'])
export class BookingDispute {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('booking_disputes_line_key', { unique: true })
  @Column({ type: 'integer' })
  lineId: number;

  @Column({ type: 'integer' })
  clientId: number;

  @Column({ type: 'varchar', length: 2000 })
  reason: string;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  professionalAnswer: string | null;

  @Column({ type: 'enum', enum: DISPUTE_STATUSES, enumName: 'dispute_status', default: 'open' })
  status: DisputeStatus;

  @Column({ type: 'enum', enum: DISPUTE_RESOLUTIONS, enumName: 'dispute_resolution', nullable: true })
  resolution: DisputeResolution | null;

  /** What the resolution gives back (null until resolved). */
  @Column({ type: 'bigint', nullable: true, transformer: centsTransformer })
  refundCents: Cents | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  adminNote: string | null;

  @Column({ type: 'integer', nullable: true })
  resolvedBy: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  resolvedAt: Date | null;

  /** When the provider confirmed the resolution's refund (recorded once on the line, whatever the redeliveries). */
  @Column({ type: 'timestamptz', nullable: true })
  refundSettledAt: Date | null;

  @ManyToOne(() => Booking, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'line_id' })
  booking: Relation<Booking>;
}
