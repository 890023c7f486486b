import { Injectable } from '@nestjs/common';
import type { OrderStatus } from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { BookingsRepository, type NewBooking } from './bookings.repository';
import type { Booking } from './entities/booking.entity';

/** What the orders module does with the bookings of its orders, in its own transactions. */
@Injectable()
export class OrderBookings {
  constructor(private readonly bookings: BookingsRepository) {}

  /** The order's bookings, oldest first (lock the order first when they are about to move). */
  of(manager: EntityManager, orderId: number): Promise<Booking[]> {
    return this.bookings.ofOrder(manager, orderId);
  }

  /** The orders in which the professional is booked, newest first. */
  orderIdsOfProfessional(professionalId: number): Promise<number[]> {
    return this.bookings.orderIdsOfProfessional(professionalId);
  }

  /** Ids for `count` new bookings (see BookingsRepository.takeIds). */
  takeIds(manager: EntityManager, count: number): Promise<number[]> {
    return this.bookings.takeIds(manager, count);
  }

  /** A new order's bookings, awaiting payment (one statement that answers nothing: it can go out with the COMMIT). */
  insert(manager: EntityManager, order: { id: number; clientId: number }, bookings: NewBooking[]): Promise<void> {
    return this.bookings.insertOfOrder(manager, order, bookings);
  }

  /** How many dates the client's unpaid bookings hold, over all their orders. */
  unpaidDatesOf(manager: EntityManager, clientId: number): Promise<number> {
    return this.bookings.unpaidDatesOf(manager, clientId);
  }

  /** The order's new spec status, copied on its bookings (their `status` in the answers). */
  copyOrderStatus(manager: EntityManager, orderId: number, status: OrderStatus): Promise<void> {
    return this.bookings.setOrderStatus(manager, orderId, status);
  }
}
