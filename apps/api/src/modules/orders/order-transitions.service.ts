import { Injectable } from '@nestjs/common';
import type { OrderChangeReason, OrderStatus } from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { OutboxService } from '../outbox';
import type { Order } from './entities/order.entity';
import { OrdersRepository } from './orders.repository';

export interface TransitionCause {
  /** The user who made the change; null for the system (payment, expiry). */
  changedBy: number | null;
  reason: OrderChangeReason;
}

/**
 * The one way an order's status changes: the order and its details move
 * together, the change is recorded, and OrderStatusChanged is written in the
 * same transaction.
 */
@Injectable()
export class OrderTransitions {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly outbox: OutboxService,
  ) {}

  /** Locks the order row for the rest of the transaction (concurrent changes apply one after the other). */
  lock(manager: EntityManager, orderId: number): Promise<Order | null> {
    return this.orders.lock(manager, orderId);
  }

  /** Moves a locked order to `to`; answers false (and writes nothing) when it is already there. */
  async change(manager: EntityManager, order: Order, to: OrderStatus, cause: TransitionCause): Promise<boolean> {
    const from = order.status;
    if (from === to) return false;
    await this.orders.setStatus(manager, order, to, cause.changedBy, cause.reason);
    await this.outbox.record(manager, 'OrderStatusChanged', {
      orderId: order.id,
      clientId: order.clientId,
      from,
      to,
      changedBy: cause.changedBy,
      reason: cause.reason,
    });
    order.status = to;
    return true;
  }
}
