import { BOOKING_STATUSES, type BookingActor, type BookingEvent, type BookingStatus } from '@oficios/domain';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { Booking } from './booking.entity';

/** Every move of a booking: the event, who caused it (`actor_id`: the account, null for the system), from and to. */
@Entity('booking_transitions')
@Index('booking_transitions_line_idx', ['lineId', 'createdAt'])
export class BookingTransition {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  lineId: number;

  @Column({ type: 'varchar', length: 40 })
  event: BookingEvent;

  @Column({ type: 'varchar', length: 20 })
  actor: BookingActor;

  @Column({ type: 'integer', nullable: true })
  actorId: number | null;

  @Column({ type: 'enum', enum: BOOKING_STATUSES, enumName: 'booking_status' })
  fromStatus: BookingStatus;

  @Column({ type: 'enum', enum: BOOKING_STATUSES, enumName: 'booking_status' })
  toStatus: BookingStatus;

  @Column({ type: 'varchar', length: 500, nullable: true })
  note: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => Booking, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'line_id' })
  booking: Relation<Booking>;
}
