import { Injectable } from '@nestjs/common';
import { centsToPesos, type OrderView } from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { BookingsService, type BookingRecord } from '../bookings';
import type { OrderRecord } from './order-records.repository';

/** An order with its bookings as stored. */
export type OrderWithBookings = OrderRecord & { orderDetails: BookingRecord[] };

/** Orders as the API answers them: in pesos, each with its bookings (the spec's `orderDetails`) as bookings shows them. */
@Injectable()
export class OrderViews {
  constructor(private readonly bookings: BookingsService) {}

  /** The orders' bookings (only the professional's, when given), in the caller's transaction if any. */
  async withBookings(records: OrderRecord[], professionalId: number | null = null, manager?: EntityManager): Promise<OrderWithBookings[]> {
    const bookings = await this.bookings.recordsOfOrders(
      records.map((order) => order.id),
      professionalId,
      manager,
    );
    return records.map((order) => ({ ...order, orderDetails: bookings.filter((booking) => booking.orderId === order.id) }));
  }

  /** `asProfessional`: the professional itself reads them (its clients' job requests masked until paid). */
  async orders(records: OrderRecord[], professionalId: number | null = null, asProfessional = false): Promise<OrderView[]> {
    const orders = await this.withBookings(records, professionalId);
    const read = await this.bookings.viewsOf(orders.flatMap((order) => order.orderDetails));
    const views = asProfessional ? await this.bookings.asProfessionalReadsThem(read) : read;
    const byId = new Map(views.map((view) => [view.id, view]));
    return orders.map(({ amountCents, orderDetails, ...order }) => ({
      ...order,
      amount: centsToPesos(amountCents),
      orderDetails: orderDetails.map((booking) => byId.get(booking.id)!),
    }));
  }

  async order(record: OrderRecord): Promise<OrderView> {
    return (await this.orders([record]))[0];
  }
}
