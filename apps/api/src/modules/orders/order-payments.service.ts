import { Inject, Injectable } from '@nestjs/common';
import { statusAfterPayment, type Cents, type Day, type OrderChangeReason, type OrderStatus } from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CalendarService } from '../calendar';
import { CartService } from '../cart';
import { ProfessionalsService } from '../catalog';
import { LineTransitions } from './line-transitions.service';
import { OrderTransitions } from './order-transitions.service';
import { OrdersRepository } from './orders.repository';

/** An order as payments sees it, locked for the rest of the caller's transaction. */
export interface PayableOrder {
  id: number;
  clientId: number;
  amountCents: Cents;
  status: OrderStatus;
  createdAt: Date;
  lines: { id: number; professionalName: string; days: Day[]; reservationAmountCents: Cents }[];
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
 * What payments may do to orders, inside payments' own transactions: read the order it charges, apply a verified
 * payment's outcome by the payment rules of libs/domain, expire an unpaid order, and report money that needs an
 * administrator. The order keeps its own rules; payments keeps its payments.
 */
@Injectable()
export class OrderPayments {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly transitions: OrderTransitions,
    private readonly carts: CartService,
    private readonly catalog: ProfessionalsService,
    private readonly lines: LineTransitions,
    private readonly calendar: CalendarService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The order's unpaid lines leave by `event` (payment window passed or refused), their dates freed. */
  private async unpaidLinesLeave(manager: EntityManager, orderId: number): Promise<void> {
    for (const line of await this.orders.linesOf(manager, orderId))
      if (line.lineStatus === 'awaiting_payment')
        await this.lines.move(manager, line, 'payment_window_passed', { actor: 'system', actorId: null }, { deriveOrder: false });
  }

  /** The order locked for the rest of the transaction (requests and payments of one order take turns); null when unknown. */
  async lock(manager: EntityManager, orderId: number): Promise<PayableOrder | null> {
    const order = await this.orders.lock(manager, orderId);
    if (!order) return null;
    const lines = await this.orders.linesOf(manager, orderId);
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
        reservationAmountCents: line.reservationAmountCents,
      })),
    };
  }

  /**
   * A verified payment's outcome on an order `lock`ed in this transaction: approved moves an unpaid order to
   * procesando (its professionals leave the cart it came from), rejected cancels it; a late approval revives an order
   * its client or the clock cancelled only when it has no dates (booked before dates existed), never one an
   * administrator or a newer order of its cart did.
   */
  async applyPayment(manager: EntityManager, orderId: number, outcome: 'approved' | 'rejected' | 'pending'): Promise<PaymentEffect> {
    // Locked already by `lock` in this transaction: this reads it again.
    const order = await this.orders.lock(manager, orderId);
    if (!order) throw new Error(`No existe la orden ${orderId}`);
    const cancellation = order.status === 'cancelada' ? await this.orders.lastChangeReason(manager, order.id) : null;
    const next = statusAfterPayment(order.status, outcome, cancellation);
    // A cancelled order's dates were freed (others may hold them now): a late payment cannot bring a dated booking
    // back, so its money is owed back instead. Only orders from before dates existed are revived.
    const unmoved = (why: string): PaymentEffect => ({ moved: false, why, status: order.status, cancellation });
    if (next === 'procesando' && order.status === 'cancelada') {
      if ((await this.orders.linesOf(manager, order.id)).some((line) => line.dates.length > 0))
        return unmoved(`cancelada (${cancellation ?? 'sin motivo'}); sus fechas ya se liberaron`);
    }
    if (!next)
      return unmoved(
        order.status === 'cancelada'
          ? `cancelada (${cancellation ?? 'sin motivo'})`
          : order.status === 'creada'
            ? 'sin pagar'
            : 'ya pagada',
      );
    await this.transitions.change(manager, order, next, {
      changedBy: null,
      reason: next === 'procesando' ? 'payment-approved' : 'payment-rejected',
    });
    if (next === 'cancelada') await this.unpaidLinesLeave(manager, order.id);
    if (next === 'procesando') {
      // Each paid line now waits for its professional's answer, until the deadline.
      const responseDueAt = new Date(this.clock.now().getTime() + this.config.bookings.professionalResponseHours * 3_600_000);
      for (const line of await this.orders.linesOf(manager, order.id)) {
        if (line.lineStatus !== 'awaiting_payment') continue;
        await this.lines.move(manager, line, 'paid', { actor: 'system', actorId: null }, { deriveOrder: false, fields: { responseDueAt } });
        await this.calendar.markBooked(manager, line.id);
      }
    }
    if (next === 'procesando' && order.cartId !== null) {
      const lines = await this.orders.linesOf(manager, order.id);
      await this.carts.consume(
        manager,
        order.cartId,
        lines.map((line) => line.professionalId),
      );
    }
    return { moved: true, to: next };
  }

  /** The payment window closed: an order still unpaid is cancelled ('payment-expired'); answers whether it was. */
  async expireUnpaid(manager: EntityManager, orderId: number): Promise<boolean> {
    const order = await this.orders.lock(manager, orderId);
    if (!order || order.status !== 'creada') return false;
    await this.unpaidLinesLeave(manager, order.id);
    return this.transitions.change(manager, order, 'cancelada', { changedBy: null, reason: 'payment-expired' });
  }

  /** Money of the order an administrator must look at (shown with the order in the panel). */
  async reportAlert(manager: EntityManager, alert: PaymentAlertReport): Promise<void> {
    await this.orders.saveAlert(manager, alert);
  }
}
