import { Injectable } from '@nestjs/common';
import {
  adminMoveRefusal,
  clientMayCancel,
  isLiveLine,
  refundDueOnAdminMove,
  type Day,
  type OrderDetailView,
  type OrderStatus,
  type OrdersQuery,
  type Cents,
  type IsoDate,
  type LineStatus,
  type OrderView,
} from '@oficios/domain';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { conflict, forbidden, notFound } from '../../common/errors/app-errors';
import { OutboxService } from '../outbox';
import { LineTransitions } from './line-transitions.service';
import { OrderTransitions } from './order-transitions.service';
import { OrderViews, lineInPesos, type OrderLine } from './order-views';
import { AftercareRepository } from './aftercare.repository';
import { OrderRecordsRepository } from './order-records.repository';
import { OrdersRepository, type LineParties } from './orders.repository';

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
    lineStatus: LineStatus;
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
    private readonly aftercare: AftercareRepository,
    private readonly views: OrderViews,
    private readonly lines: LineTransitions,
  ) {}

  /** `DELETE /api/orders/{id}`: its client cancels it while it waits for payment (the order is kept, as cancelada). */
  async cancelByClient(actor: SessionUserClaims, orderId: number): Promise<{ order: OrderView }> {
    await this.outbox.transaction(async (manager) => {
      const order = await this.transitions.lock(manager, orderId);
      if (!order) throw orderNotFound(orderId);
      if (order.clientId !== actor.id) throw notYours('Solo puedes cancelar tus propias ordenes');
      if (order.status === 'cancelada') return;
      if (!clientMayCancel(order.status)) throw conflict('order_already_paid', `La orden ${orderId} ya fue pagada y no se puede cancelar`);
      // Its open payment links close when payments hears of the change (OrderStatusChanged).
      await this.transitions.change(manager, order, 'cancelada', { changedBy: actor.id, reason: 'client-cancelled' });
      for (const line of await this.orders.linesOf(manager, orderId))
        if (line.lineStatus === 'awaiting_payment')
          await this.lines.move(manager, line, 'client_cancelled', { actor: 'client', actorId: actor.id }, { deriveOrder: false });
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
    return this.views.orders(await this.records.listForProfessional(professionalId));
  }

  /**
   * `PATCH /api/orders/{id} {status}`: an administrator moves an order along the allowed moves of libs/domain
   * (409 with the reason otherwise); cancelling a paid order records that its money is owed back (payments flags the
   * payment itself when it hears of the change). Answers the order with its payment alert.
   */
  async changeStatus(actor: SessionUserClaims, orderId: number, status: OrderStatus): Promise<OrderView> {
    await this.outbox.transaction(async (manager) => {
      const order = await this.transitions.lock(manager, orderId);
      if (!order) throw orderNotFound(orderId);
      const from = order.status;
      const refusal = adminMoveRefusal(orderId, from, status);
      if (refusal) throw conflict('order_move_refused', refusal);
      if (!(await this.transitions.change(manager, order, status, { changedBy: actor.id, reason: 'admin' }))) return;
      // The lines follow: cancelada takes every live one out (paid ones are refunded); completa marks confirmed ones done.
      const by = { actor: 'admin' as const, actorId: actor.id };
      for (const line of await this.orders.linesOf(manager, orderId)) {
        if (status === 'cancelada' && isLiveLine(line.lineStatus))
          await this.lines.move(manager, line, 'admin_cancelled', by, { deriveOrder: false });
        if (status === 'completa' && line.lineStatus === 'confirmed')
          await this.lines.move(manager, line, 'marked_done', by, { deriveOrder: false });
      }
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

  /** A client's booked professionals (its order lines), newest first. */
  async linesOfClient(clientId: number): Promise<OrderDetailView[]> {
    return this.views.lines(await this.records.lines('client', clientId));
  }

  /** A professional's jobs (the order lines that booked it), newest first. */
  async linesOfProfessional(professionalId: number): Promise<OrderLine[]> {
    return (await this.records.lines('professional', professionalId)).map(lineInPesos);
  }

  /** A client's orders with their lines, newest first. */
  async ordersOfClient(clientId: number): Promise<OrderView[]> {
    return this.views.orders((await this.records.list({ clientId })).items);
  }

  /** The client's done lines with the professional (only `lineId` when given), newest first: what may be reviewed (issue 11). */
  async doneLineIds(clientId: number, professionalId: number, lineId?: number): Promise<number[]> {
    return (await this.orders.doneLines(clientId, professionalId, lineId)).map((line) => line.id);
  }

  /** How many confirmed bookings the professional cancelled itself. */
  cancelledByProfessional(professionalId: number): Promise<number> {
    return this.orders.cancelledByProfessional(professionalId);
  }

  /** A booking as notices describe it (dates and amount); null when unknown. */
  async lineSummaryOf(
    lineId: number,
  ): Promise<{ id: number; orderId: number; dates: IsoDate[]; amountCents: Cents; refundedCents: Cents } | null> {
    const line = await this.records.lineView(lineId);
    if (!line) return null;
    return {
      id: line.id,
      orderId: line.orderId,
      dates: line.dates,
      amountCents: line.reservationAmountCents,
      refundedCents: line.refundedCents,
    };
  }

  /** A booking's client, professional and status (who may talk about it); null when unknown. */
  async lineParties(lineId: number): Promise<LineParties | null> {
    return (await this.orders.linePartiesOf([lineId]))[0] ?? null;
  }

  /** The same of several bookings, by id (unknown ids are left out). */
  async partiesOfLines(lineIds: number[]): Promise<Map<number, LineParties>> {
    return new Map((await this.orders.linePartiesOf([...new Set(lineIds)])).map((line) => [line.id, line]));
  }

  /**
   * Which of these client–professional pairs have a paid booking (a line past awaiting_payment by its payment), as
   * `${clientId}:${professionalId}` keys: conversations unmask contacts for them.
   */
  async paidPairs(pairs: { clientId: number; professionalId: number }[]): Promise<Set<string>> {
    return new Set((await this.orders.paidPairs(pairs)).map((pair) => `${pair.clientId}:${pair.professionalId}`));
  }

  /** The lines with a dispute (open or resolved), of these when given: administrators may read their conversations. */
  async disputedLineIds(lineIds?: number[]): Promise<Set<number>> {
    return new Set(await this.aftercare.disputedLineIds(lineIds));
  }

  /** The order's client, amount and booked professionals; null when unknown. */
  async summaryOf(orderId: number): Promise<OrderSummary | null> {
    const order = await this.records.findView(orderId);
    if (!order) return null;
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
