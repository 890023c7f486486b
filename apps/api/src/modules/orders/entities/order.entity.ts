import { ORDER_STATUSES, type OrderStatus } from '@oficios/domain';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { numericTransformer } from '../../../common/numeric.transformer';
import { User } from '../../identity/entities/user.entity';
import { OrderDetail } from './order-detail.entity';

@Entity('orders')
@Index('orders_status_idx', ['status', 'createdAt'])
export class Order {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('orders_client_idx')
  @Column({ type: 'integer' })
  clientId: number;

  @Column({ type: 'numeric', precision: 12, scale: 2, transformer: numericTransformer })
  amount: number;

  @Column({ type: 'enum', enum: ORDER_STATUSES, enumName: 'order_status', default: 'creada' })
  status: OrderStatus;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'client_id' })
  client: Relation<User>;

  @OneToMany(() => OrderDetail, (detail) => detail.order)
  orderDetails: Relation<OrderDetail[]>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
