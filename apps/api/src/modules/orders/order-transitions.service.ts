import { Injectable, type OnModuleInit } from '@nestjs/common';
import { orderStatusOf, type BookingEvent, type OrderChangeReason, type OrderStatus } from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { BookingTransitions, OrderBookings, type OrderOfBookings } from '../bookings';
import { OutboxService } from '../outbox';
import type { Order } from './entities/order.entity';
import { OrdersRepository } from './orders.repository';

export interface TransitionCause {
  /** The user who made the change; null for the system (payment, expiry). */
  changedBy: number | null;
  reason: OrderChangeReason;
}

/**
 * The one writer of an order's status: libs/domain's `orderStatusOf` computes it from the order's bookings (and an
 * administrator's verdict, the panel's dropdown), the change is recorded, copied on the bookings, and
 * OrderStatusChanged is written in the same transaction. Every move of a booking ends here (OrderOfBookings).
 */
@Injectable()
export class OrderTransitions implements OrderOfBookings, OnModuleInit {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly bookings: OrderBookings,
    private readonly bookingTransitions: BookingTransitions,
    private readonly outbox: OutboxService,
  ) {}

  onModuleInit(): void {
    this.bookingTransitions.attachOrders(this);
  }

  /** Locks the order row for the rest of the transaction (concurrent changes apply one after the other). */
  async lock(manager: EntityManager, orderId: number): Promise<void> {
    await this.orders.lock(manager, orderId);
  }

  /** The locked order; null when unknown. */
  lockOrder(manager: EntityManager, orderId: number): Promise<Order | null> {
    return this.orders.lock(manager, orderId);
  }

  bookingMoved(manager: EntityManager, orderId: number, cause: TransitionCause): Promise<void> {
    return this.settle(manager, orderId, cause).then(() => undefined);
  }

  /**
   * The order's status as its bookings (and `adminVerdict`, when an administrator sets it) make it, written when it
   * changed; answers the order, locked, with its status.
   */
  async settle(manager: EntityManager, orderId: number, cause: TransitionCause, adminVerdict?: OrderStatus): Promise<Order | null> {
    const order = await this.orders.lock(manager, orderId);
    if (!order) return null;
    const bookings = await this.bookings.of(manager, orderId);
    const to = orderStatusOf(
      bookings.map((booking) => booking.lineStatus),
      adminVerdict,
    );
    if (to === order.status) return order;
    const from = order.status;
    await this.orders.setStatus(manager, order, to, cause.changedBy, cause.reason);
    await this.bookings.copyOrderStatus(manager, order.id, to);
    await this.outbox.record(manager, 'OrderStatusChanged', {
      orderId: order.id,
      clientId: order.clientId,
      from,
      to,
      changedBy: cause.changedBy,
      reason: cause.reason,
    });
    order.status = to;
    return order;
  }

  /**
   * The order's unpaid bookings leave by `event` (the client's cancellation, or the payment window passed or refused),
   * their dates freed, and the order is cancelled with them: the one way an unpaid order is called off.
   */
  async cancelUnpaid(
    manager: EntityManager,
    orderId: number,
    event: Extract<BookingEvent, 'client_cancelled' | 'payment_window_passed'>,
    cause: TransitionCause,
  ): Promise<void> {
    const by =
      event === 'client_cancelled' ? { actor: 'client' as const, actorId: cause.changedBy } : { actor: 'system' as const, actorId: null };
    for (const booking of await this.bookings.of(manager, orderId))
      if (booking.lineStatus === 'awaiting_payment')
        await this.bookingTransitions.move(manager, booking, event, by, { orderReason: cause.reason });
    await this.settle(manager, orderId, cause);
  }
}
