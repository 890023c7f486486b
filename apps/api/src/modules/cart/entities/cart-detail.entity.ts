import type { Day, IsoDate } from '@oficios/domain';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { isoDatesTransformer } from '../../../common/dates/iso-dates.transformer';
import { Cart } from './cart.entity';

/**
 * One professional in a cart with the days chosen; a professional appears once per cart. `professional_id` is the
 * catalogue's professional (its foreign key lives in the migrations).
 */
@Entity('cart_details')
@Index('cart_details_cart_professional_key', ['cartId', 'professionalId'], { unique: true })
export class CartDetail {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  cartId: number;

  @Column({ type: 'integer' })
  professionalId: number;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  days: Day[];

  /** The chosen dates, ascending; empty on lines saved before dates existed (mapped from `days` at checkout). */
  @Column({ type: 'date', array: true, default: () => "'{}'", transformer: isoDatesTransformer })
  dates: IsoDate[];

  /** The job request's draft: what the client tells this professional about the work (plain text, may be empty). */
  @Column({ type: 'varchar', length: 2000, default: '' })
  jobRequestText: string;

  /** The draft's photos (`job_request_images`), in order. */
  @Column({ type: 'integer', array: true, default: () => "'{}'" })
  jobRequestImageIds: number[];

  @ManyToOne(() => Cart, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'cart_id' })
  cart: Relation<Cart>;
}
