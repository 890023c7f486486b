import { LINE_STATUSES, type LineActor, type LineEvent, type LineStatus } from '@oficios/domain';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { OrderDetail } from './order-detail.entity';

/** Every move of a booking (order line): the event, who caused it (`actor_id`: the account, null for the system), from and to. */
@Entity('line_transitions')
@Index('line_transitions_line_idx', ['lineId', 'createdAt'])
export class LineTransition {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  lineId: number;

  @Column({ type: 'varchar', length: 40 })
  event: LineEvent;

  @Column({ type: 'varchar', length: 20 })
  actor: LineActor;

  @Column({ type: 'integer', nullable: true })
  actorId: number | null;

  @Column({ type: 'enum', enum: LINE_STATUSES, enumName: 'line_status' })
  fromStatus: LineStatus;

  @Column({ type: 'enum', enum: LINE_STATUSES, enumName: 'line_status' })
  toStatus: LineStatus;

  @Column({ type: 'varchar', length: 500, nullable: true })
  note: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => OrderDetail, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'line_id' })
  line: Relation<OrderDetail>;
}
