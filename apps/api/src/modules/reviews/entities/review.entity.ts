import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A client's review of a booking (`order_detail_id`); the foreign keys to the accounts live in the migrations. */
@Entity('reviews')
@Check('reviews_rating_range', 'rating BETWEEN 1 AND 5')
export class Review {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('reviews_professional_idx')
  @Column({ type: 'integer' })
  professionalId: number;

  @Index('reviews_client_idx')
  @Column({ type: 'integer' })
  clientId: number;

  /** The booking reviewed: one review per order detail. */
  @Index('reviews_order_detail_key', { unique: true, where: 'order_detail_id IS NOT NULL' })
  @Column({ type: 'integer', nullable: true })
  orderDetailId: number | null;

  @Column({ type: 'text', default: '' })
  comment: string;

  @Column({ type: 'smallint' })
  rating: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
