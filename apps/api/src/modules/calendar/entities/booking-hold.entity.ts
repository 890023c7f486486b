import type { IsoDate } from '@oficios/domain';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { isoDateTransformer } from '../../../common/dates/iso-dates.transformer';

/**
 * A booking's claim on one date of a professional (`line_id`: the order line; `professional_id`: the catalogue's;
 * their foreign keys live in the migrations). Live while `released_at` is null: the partial unique index over live
 * holds is what makes a double booking impossible, whatever the requests race.
 */
@Entity('booking_holds')
@Index('booking_holds_live_key', ['professionalId', 'date'], { unique: true, where: 'released_at IS NULL' })
@Index('booking_holds_line_idx', ['lineId'])
export class BookingHold {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  lineId: number;

  @Column({ type: 'integer' })
  professionalId: number;

  @Column({ type: 'date', transformer: isoDateTransformer })
  date: IsoDate;

  /** When its booking was paid (a held date becomes a booked one on the professional's calendar). */
  @Column({ type: 'timestamptz', nullable: true })
  bookedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  releasedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
