import { Injectable } from '@nestjs/common';
import {
  adminMoveRefusal,
  clientMayCancel,
  isLiveBooking,
  refundDueOnAdminMove,
  type Day,
  type OrderStatus,
  type OrdersQuery,
  type Cents,
  type IsoDate,
  type BookingStatus,
  type OrderView,
  type OrderChangeReason,
  type OrderPlace,
} from '@oficios/domain';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { conflict, forbidden, notFound } from '../../common/errors/app-errors';
import { BookingTransitions, OrderBookings } from '../bookings';
import { OutboxService } from '../outbox';
import { OrderTransitions } from './order-transitions.service';
import { OrderViews } from './order-views';
import { OrderRecordsRepository } from './order-records.repository';
import { OrdersRepository } from './orders.repository';

const orderNotFound = (id: number) => notFound(`No existe la orden ${id}`);
const notYours = (message: string) => forbidden('not_allowed', message);

/** What a notification about an order needs to know. */
export interface OrderSummary {
  id: number;
  clientId: number;
  amountCents: Cents;
  lines: {
    id: number;
    professionalId: number;
    days: Day[];
    dates: IsoDate[];
    amountCents: Cents;
    lineStatus: BookingStatus;
    /** When the professional's answer is due (ISO instant), while it awaits it. */
    responseDueAt: string | null;
  }[];
}

/** Orders: cancellation by its client, lists, administration (the checkout is CheckoutService), and what other modules read of them. */
@Injectable()
export class OrdersService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly transitions: OrderTransitions,
    private readonly orders: OrdersRepository,
    private readonly records: OrderRecordsRepository,
    private readonly views: OrderViews,
    private readonly bookings: OrderBookings,
    private readonly bookingTransitions: BookingTransitions,
  ) {}

  /** `DELETE /api/orders/{id}`: its client cancels it while it waits for payment (the order is kept, as cancelada). */
  async cancelByClient(actor: SessionUserClaims, orderId: number): Promise<{ order: OrderView }> {
    await this.outbox.transaction(async (manager) => {
      const order = await this.transitions.lockOrder(manager, orderId);
      if (!order) throw orderNotFound(orderId);
      if (order.clientId !== actor.id) throw notYours('Solo puedes cancelar tus propias ordenes');
      if (order.status === 'cancelada') return;
      if (!clientMayCancel(order.status)) throw conflict('order_already_paid', `La orden ${orderId} ya fue pagada y no se puede cancelar`);
      // Its open payment links close when payments hears of the change (OrderStatusChanged).
      await this.transitions.cancelUnpaid(manager, orderId, 'client_cancelled', { changedBy: actor.id, reason: 'client-cancelled' });
    });
    return { order: await this.views.order((await this.records.findView(orderId))!) };
  }

  /**
   * `GET /api/orders`: every order for an administrator, its own for a client; newest first.
   * With `page` (and `pageSize`, `status`) answers one page as `{items, total, page, pageSize}`.
   */
  async list(actor: SessionUserClaims, { status, paged, page, pageSize }: OrdersQuery) {
    const admin = actor.type === 'administrador';
    const clientId = admin ? undefined : actor.id;
    const view = { paymentAlert: admin };
    if (!paged) return this.views.orders((await this.records.list({ clientId, status }, view)).items);
    const { items, total } = await this.records.list({ clientId, status, page: { number: page, size: pageSize } }, view);
    return { items: await this.views.orders(items), total, page, pageSize };
  }

  /** `GET /api/orders/professional/{id}`: the professional's own jobs (or any, for an administrator). */
  async listForProfessional(actor: SessionUserClaims, professionalId: number): Promise<OrderView[]> {
    if (actor.type !== 'administrador' && actor.id !== professionalId) throw notYours('Solo puedes ver tus propios trabajos');
    return this.views.orders(
      await this.records.byIds(await this.bookings.orderIdsOfProfessional(professionalId)),
      professionalId,
      actor.type === 'profesional',
    );
  }

  /**
   * `PATCH /api/orders/{id} {status}`: an administrator moves an order along the allowed moves of libs/domain
   * (409 with the reason otherwise); cancelling a paid order records that its money is owed back (payments flags the
   * payment itself when it hears of the change). Answers the order with its payment alert.
   */
  async changeStatus(actor: SessionUserClaims, orderId: number, status: OrderStatus): Promise<OrderView> {
    await this.outbox.transaction(async (manager) => {
      const order = await this.transitions.lockOrder(manager, orderId);
      if (!order) throw orderNotFound(orderId);
      const from = order.status;
      const refusal = adminMoveRefusal(orderId, from, status);
      if (refusal) throw conflict('order_move_refused', refusal);
      if (from === status) return;
      // The bookings follow: cancelada takes every live one out (paid ones are refunded); completa marks confirmed ones done.
      const by = { actor: 'admin' as const, actorId: actor.id };
      const cause = { changedBy: actor.id, reason: 'admin' as const };
      for (const booking of await this.bookings.of(manager, orderId)) {
        if (status === 'cancelada' && isLiveBooking(booking.lineStatus))
          await this.bookingTransitions.move(manager, booking, 'admin_cancelled', by, { orderReason: 'admin' });
        if (status === 'completa' && booking.lineStatus === 'confirmed')
          await this.bookingTransitions.move(manager, booking, 'marked_done', by, { orderReason: 'admin' });
      }
      await this.transitions.settle(manager, orderId, cause, status);
      if (refundDueOnAdminMove(from, status))
        await this.orders.saveAlert(manager, {
          orderId,
          paymentId: null,
          needsReview: false,
          refundDue: true,
          reason: `Orden ${from} cancelada por un administrador: hay que devolver el pago`,
        });
    });
    return this.views.order((await this.records.findView(orderId, undefined, { paymentAlert: true }))!);
  }

  /** A client's orders with their lines, newest first. */
  async ordersOfClient(clientId: number): Promise<OrderView[]> {
    return this.views.orders((await this.records.list({ clientId })).items);
  }

  /** Why each of these orders was cancelled, for those that were ('cart-changed': another order replaced it). */
  cancellationReasonsOf(orderIds: number[]): Promise<Map<number, OrderChangeReason>> {
    return this.records.cancellationReasons([...new Set(orderIds)]);
  }

  /** Where each of these orders' job is, as kept at checkout (orders made without a place are left out). */
  placesOf(orderIds: number[]): Promise<Map<number, OrderPlace>> {
    return this.records.places([...new Set(orderIds)]);
  }

  /** The order's client, amount and booked professionals; null when unknown. */
  async summaryOf(orderId: number): Promise<OrderSummary | null> {
    const record = await this.records.findView(orderId);
    if (!record) return null;
    const [order] = await this.views.withBookings([record]);
    return {
      id: order.id,
      clientId: order.clientId,
      amountCents: order.amountCents,
      lines: order.orderDetails.map((line) => ({
        id: line.id,
        professionalId: line.professionalId,
        days: line.days,
        dates: line.dates,
        amountCents: line.reservationAmountCents,
        lineStatus: line.lineStatus,
        responseDueAt: line.responseDueAt,
      })),
    };
  }
}
