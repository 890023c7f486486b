import { LINE_STATUSES, ORDER_STATUSES, type Cents, type Day, type IsoDate, type LineStatus, type OrderStatus } from '@oficios/domain';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { centsTransformer } from '../../../common/cents.transformer';
import { isoDatesTransformer } from '../../../common/dates/iso-dates.transformer';
import { Order } from './order.entity';

/**
 * One professional booked in an order, with its days and amount at booking time. `client_id` and `professional_id`
 * are the account and the catalogue's professional (their foreign keys live in the migrations).
 */
@Entity('order_details')
export class OrderDetail {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('order_details_order_idx')
  @Column({ type: 'integer' })
  orderId: number;

  @Index('order_details_client_idx')
  @Column({ type: 'integer' })
  clientId: number;

  @Index('order_details_professional_idx')
  @Column({ type: 'integer' })
  professionalId: number;

  @Column({ type: 'text', array: true })
  days: Day[];

  @Column({ type: 'bigint', transformer: centsTransformer })
  reservationAmountCents: Cents;

  /** The order's spec status, kept in step with the order (the answers' `status`). */
  @Column({ type: 'enum', enum: ORDER_STATUSES, enumName: 'order_status', default: 'creada' })
  status: OrderStatus;

  /** The booked dates, ascending (empty for bookings made before dates existed). */
  @Column({ type: 'date', array: true, default: () => "'{}'", transformer: isoDatesTransformer })
  dates: IsoDate[];

  /** The booking's own life cycle (libs/domain's moveLine). */
  @Column({ type: 'enum', enum: LINE_STATUSES, enumName: 'line_status', default: 'awaiting_payment' })
  lineStatus: LineStatus;

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

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order: Relation<Order>;
}
