import { Inject, Injectable } from '@nestjs/common';
import {
  statusAfterPayment,
  whyPaymentMovedNothing,
  type Cents,
  type Day,
  type IsoDate,
  type OrderChangeReason,
  type OrderStatus,
} from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { BookingTransitions, OrderBookings } from '../bookings';
import { CalendarService } from '../calendar';
import { CartService } from '../cart';
import { ProfessionalsService } from '../catalog';
import { OutboxService } from '../outbox';
import { OrderTransitions } from './order-transitions.service';
import { OrdersRepository } from './orders.repository';

/** An order as payments sees it, locked for the rest of the caller's transaction. */
export interface PayableOrder {
  id: number;
  clientId: number;
  amountCents: Cents;
  status: OrderStatus;
  createdAt: Date;
  lines: { id: number; professionalName: string; days: Day[]; dates: IsoDate[]; reservationAmountCents: Cents }[];
}

/** Money of an order the administrators must look at, as payments reports it (one alert per payment, kept up to date). */
export interface PaymentAlertReport {
  orderId: number;
  paymentId: number;
  needsReview: boolean;
  refundDue: boolean;
  reason: string;
}

/**
 * What a verified payment did to its order: moved it, or nothing (then the money, if taken, is owed back): `why` for
 * the administrators, the order's status and the reason it was cancelled (null when it was not) for its client.
 */
export type PaymentEffect =
  { moved: true; to: OrderStatus } | { moved: false; why: string; status: OrderStatus; cancellation: OrderChangeReason | null };

/**
 * An order's payment, as the orders module sees it: payments reads the order it charges, applies a verified
 * payment's outcome by the payment rules of libs/domain and reports money that needs an administrator, inside its own
 * transactions; the order's payment window closes here (expire-order, and the reconciler). The order keeps its own
 * rules; payments keeps its payments.
 */
@Injectable()
export class OrderPayments {
  constructor(
    private readonly outbox: OutboxService,
    private readonly orders: OrdersRepository,
    private readonly transitions: OrderTransitions,
    private readonly bookings: OrderBookings,
    private readonly bookingTransitions: BookingTransitions,
    private readonly carts: CartService,
    private readonly catalog: ProfessionalsService,
    private readonly calendar: CalendarService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The order locked for the rest of the transaction (requests and payments of one order take turns); null when unknown. */
  async lock(manager: EntityManager, orderId: number): Promise<PayableOrder | null> {
    const order = await this.orders.lock(manager, orderId);
    if (!order) return null;
    const lines = await this.bookings.of(manager, orderId);
    const names = new Map(
      (
        await this.catalog.bookingTermsOf(
          lines.map((line) => line.professionalId),
          manager,
        )
      ).map((terms) => [terms.id, `${terms.firstName} ${terms.lastName}`]),
    );
    return {
      id: order.id,
      clientId: order.clientId,
      amountCents: order.amountCents,
      status: order.status,
      createdAt: order.createdAt,
      lines: lines.map((line) => ({
        id: line.id,
        professionalName: names.get(line.professionalId) ?? `Profesional #${line.professionalId}`,
        days: line.days,
        dates: line.dates,
        reservationAmountCents: line.reservationAmountCents,
      })),
    };
  }

  /**
   * A verified payment's outcome on an order `lock`ed in this transaction: approved pays an unpaid order (each
   * booking then waits for its professional, and the professionals leave the cart it came from), rejected cancels it.
   * A cancelled order's dates were freed (others may hold them now): a late approval never brings it back, and its
   * money is owed back instead.
   */
  async applyPayment(manager: EntityManager, orderId: number, outcome: 'approved' | 'rejected' | 'pending'): Promise<PaymentEffect> {
    // Locked already by `lock` in this transaction: this reads it again.
    const order = await this.orders.lock(manager, orderId);
    if (!order) throw new Error(`No existe la orden ${orderId}`);
    const cancellation = order.status === 'cancelada' ? await this.orders.lastChangeReason(manager, order.id) : null;
    const next = statusAfterPayment(order.status, outcome);
    if (!next)
      return { moved: false, why: whyPaymentMovedNothing(order.status, outcome, cancellation), status: order.status, cancellation };
    if (next === 'cancelada') {
      await this.transitions.cancelUnpaid(manager, order.id, 'payment_window_passed', { changedBy: null, reason: 'payment-rejected' });
      return { moved: true, to: next };
    }
    // Each paid booking now waits for its professional's answer, until the deadline.
    const responseDueAt = new Date(this.clock.now().getTime() + this.config.bookings.professionalResponseHours * 3_600_000);
    const bookings = await this.bookings.of(manager, order.id);
    for (const booking of bookings) {
      if (booking.lineStatus !== 'awaiting_payment') continue;
      await this.bookingTransitions.move(
        manager,
        booking,
        'paid',
        { actor: 'system', actorId: null },
        { orderReason: 'payment-approved', fields: { responseDueAt } },
      );
      await this.calendar.markBooked(manager, booking.id);
    }
    if (order.cartId !== null)
      await this.carts.consume(
        manager,
        order.cartId,
        bookings.map((booking) => booking.professionalId),
      );
    return { moved: true, to: next };
  }

  /** The payment window closed: an order still unpaid is cancelled ('payment-expired'), in a transaction of its own; answers whether it was. */
  expireUnpaid(orderId: number): Promise<boolean> {
    return this.outbox.transaction(async (manager) => {
      const order = await this.orders.lock(manager, orderId);
      if (!order || order.status !== 'creada') return false;
      await this.transitions.cancelUnpaid(manager, order.id, 'payment_window_passed', { changedBy: null, reason: 'payment-expired' });
      return true;
    });
  }

  /**
   * The unpaid orders whose payment window has closed. The window is counted on the database's clock, as the order's
   * creation and the provider's link are, not on the bookings' (which tests move).
   */
  overdueUnpaidOrders(): Promise<number[]> {
    return this.orders.unpaidOrdersCreatedBefore(this.config.orders.paymentTimeoutMs);
  }

  /** Money of the order an administrator must look at (shown with the order in the panel). */
  async reportAlert(manager: EntityManager, alert: PaymentAlertReport): Promise<void> {
    await this.orders.saveAlert(manager, alert);
  }
}
