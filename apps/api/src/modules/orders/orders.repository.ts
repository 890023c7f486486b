import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { IsoDate, LineStatus, OrderChangeReason, OrderStatus } from '@oficios/domain';
import { DataSource, Not, type EntityManager } from 'typeorm';
import { centsFromDb } from '../../common/cents.transformer';
import { listParameter, preparedQuery } from '../../database/prepared-query';
import { LineTransition } from './entities/line-transition.entity';
import { OrderDetail } from './entities/order-detail.entity';
import { OrderPaymentAlert } from './entities/order-payment-alert.entity';
import { OrderStatusChange } from './entities/order-status-change.entity';
import { Order } from './entities/order.entity';

/**
 * A cart's open order, locked: every checkout asks. Only `orders_open_cart_key` answers it (the status index leaves
 * unpaid orders out), whatever the planner's statistics say of how many orders are unpaid.
 */
export const OPEN_ORDER_OF_CART = `SELECT id, client_id AS "clientId", cart_id AS "cartId", amount_cents AS "amountCents", status,
        created_at AS "createdAt", updated_at AS "updatedAt"
 FROM orders WHERE cart_id = $1 AND status = 'creada' FOR UPDATE`;

/** Who a booking concerns, and where it stands. */
export interface LineParties {
  id: number;
  orderId: number;
  clientId: number;
  professionalId: number;
  lineStatus: LineStatus;
}

/**
 * Changes to orders and their lines (`orders`, `order_details`), their status history and their payment alerts; the
 * answers' views are read by OrderRecordsRepository, refunds and disputes kept by AftercareRepository.
 */
@Injectable()
export class OrdersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The client's done lines with one professional (optionally one line), newest first: the work that happened. */
  doneLines(clientId: number, professionalId: number, lineId: number | undefined): Promise<{ id: number }[]> {
    return this.dataSource.query(
      `SELECT od.id FROM order_details od
       WHERE od.client_id = $1 AND od.professional_id = $2 AND od.line_status = 'done' AND ($3::int IS NULL OR od.id = $3)
       ORDER BY od.created_at DESC, od.id DESC`,
      [clientId, professionalId, lineId ?? null],
    );
  }

  /** Lines' parties and statuses (unknown ids are left out). */
  linePartiesOf(lineIds: number[]): Promise<LineParties[]> {
    if (lineIds.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT id, order_id AS "orderId", client_id AS "clientId", professional_id AS "professionalId", line_status AS "lineStatus"
       FROM order_details WHERE id = ANY($1::int[])`,
      [lineIds],
    );
  }

  /**
   * Of these client–professional pairs, the ones with a paid booking: a line that left awaiting_payment by its
   * payment (still live after it, or refunded or cancelled once paid).
   */
  async paidPairs(pairs: { clientId: number; professionalId: number }[]): Promise<{ clientId: number; professionalId: number }[]> {
    if (pairs.length === 0) return [];
    // Prepared, the lists of known length (listParameter): every message asks it (whether to mask contact details).
    const clients = listParameter(
      pairs.map((pair) => pair.clientId),
      1,
      'int',
    );
    const professionals = listParameter(
      pairs.map((pair) => pair.professionalId),
      1 + clients.values.length,
      'int',
    );
    return preparedQuery(
      this.dataSource.manager,
      `SELECT DISTINCT p.client_id AS "clientId", p.professional_id AS "professionalId"
       FROM unnest(${clients.sql}, ${professionals.sql}) AS p(client_id, professional_id)
       WHERE EXISTS (
         SELECT 1 FROM order_details od
         WHERE od.client_id = p.client_id AND od.professional_id = p.professional_id
           AND (od.line_status IN ('awaiting_professional', 'confirmed', 'done')
                OR EXISTS (SELECT 1 FROM line_transitions t WHERE t.line_id = od.id AND t.event = 'paid')))`,
      [...clients.values, ...professionals.values],
    );
  }

  /** Locks the order row for the rest of the transaction (concurrent changes apply one after the other). */
  lock(manager: EntityManager, orderId: number): Promise<Order | null> {
    return manager.getRepository(Order).findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
  }

  /** The cart's open order, locked (a prepared statement: every checkout asks). */
  async lockOpenOrderOf(manager: EntityManager, cartId: number): Promise<Order | null> {
    const [row] = await preparedQuery<Omit<Order, 'amountCents'> & { amountCents: string }>(manager, OPEN_ORDER_OF_CART, [cartId]);
    return row ? Object.assign(new Order(), { ...row, amountCents: centsFromDb(row.amountCents) }) : null;
  }

  /** How many dates the client's lines awaiting payment hold, over all their orders (prepared: every checkout asks). */
  async unpaidDatesOf(manager: EntityManager, clientId: number): Promise<number> {
    const [row] = await preparedQuery<{ dates: number }>(
      manager,
      `SELECT COALESCE(sum(cardinality(dates)), 0)::int AS dates FROM order_details
       WHERE client_id = $1 AND line_status = 'awaiting_payment'`,
      [clientId],
    );
    return row.dates;
  }

  linesOf(manager: EntityManager, orderId: number): Promise<OrderDetail[]> {
    return manager.getRepository(OrderDetail).find({ where: { orderId }, order: { id: 'ASC' } });
  }

  /** How many other lines of the line's order still await payment. */
  otherUnpaidLinesOf(line: Pick<OrderDetail, 'id' | 'orderId'>, manager: EntityManager = this.dataSource.manager): Promise<number> {
    return manager.getRepository(OrderDetail).count({ where: { orderId: line.orderId, lineStatus: 'awaiting_payment', id: Not(line.id) } });
  }

  /**
   * The new order's id and its `lineCount` lines' ids, taken from their sequences ahead of the insert, and the
   * transaction's time (`now()`, which the order's `created_at` will be): the order, its lines, the holds that name
   * them and their events can then all be written with the COMMIT (an id taken and not used, by a refused checkout,
   * is a gap only). The sequences are named (the id columns' own): `pg_get_serial_sequence` searched the catalogue
   * for them on every call, four times a checkout.
   */
  async takeOrderIds(manager: EntityManager, lineCount: number): Promise<{ orderId: number; lineIds: number[]; now: Date }> {
    const [row] = await preparedQuery<{ orderId: number; lineIds: number[]; now: Date }>(
      manager,
      `SELECT nextval('orders_id_seq')::int AS "orderId",
              ARRAY(SELECT nextval('order_details_id_seq')::int FROM generate_series(1, $1)) AS "lineIds",
              now() AS now`,
      [lineCount],
    );
    return row;
  }

  /**
   * A new order (creada, with the id and time takeOrderIds gave) and its lines (awaiting payment, with their ids) in
   * one statement, which answers nothing: it can go out with the COMMIT.
   */
  async insertOrderWithLines(
    manager: EntityManager,
    order: Pick<Order, 'id' | 'clientId' | 'cartId' | 'amountCents'>,
    lines: Pick<OrderDetail, 'id' | 'professionalId' | 'days' | 'dates' | 'reservationAmountCents'>[],
  ): Promise<void> {
    await preparedQuery(
      manager,
      `WITH new_order AS (
           INSERT INTO orders (id, client_id, cart_id, amount_cents) VALUES ($1, $2, $3, $4) RETURNING id
         ), new_lines AS (
           INSERT INTO order_details (id, order_id, client_id, professional_id, days, dates, reservation_amount_cents)
           SELECT l.id, o.id, $2, l.professional_id, l.days, l.dates, l.amount
           FROM new_order o,
                jsonb_to_recordset($5::jsonb) AS l(id int, professional_id int, days text[], dates date[], amount bigint)
         )
         SELECT 1`,
      [
        order.id,
        order.clientId,
        order.cartId,
        order.amountCents,
        JSON.stringify(
          lines.map((line) => ({
            id: line.id,
            professional_id: line.professionalId,
            days: line.days,
            dates: line.dates,
            amount: line.reservationAmountCents,
          })),
        ),
      ],
    );
  }

  /** The order and its lines move together, and the change is recorded. */
  async setStatus(
    manager: EntityManager,
    order: Order,
    to: OrderStatus,
    changedBy: number | null,
    reason: OrderChangeReason,
  ): Promise<void> {
    await manager.getRepository(Order).update({ id: order.id }, { status: to });
    await manager.getRepository(OrderDetail).update({ orderId: order.id }, { status: to });
    await manager.getRepository(OrderStatusChange).insert({ orderId: order.id, fromStatus: order.status, toStatus: to, changedBy, reason });
  }

  /** The line locked for the rest of the transaction (moves of one line apply one after the other). */
  /** The order of a line (not locked: lines never change order); null when the line is unknown. */
  async orderIdOfLine(manager: EntityManager, lineId: number): Promise<number | null> {
    const line = await manager.getRepository(OrderDetail).findOne({ where: { id: lineId }, select: { id: true, orderId: true } });
    return line?.orderId ?? null;
  }

  lockLine(manager: EntityManager, lineId: number): Promise<OrderDetail | null> {
    return manager.getRepository(OrderDetail).findOne({ where: { id: lineId }, lock: { mode: 'pessimistic_write' } });
  }

  async setLineFields(
    manager: EntityManager,
    lineId: number,
    fields: Partial<Pick<OrderDetail, 'lineStatus' | 'responseDueAt' | 'declineReason' | 'refundedCents' | 'dates' | 'doneAt'>>,
  ): Promise<void> {
    await manager.getRepository(OrderDetail).update({ id: lineId }, fields);
  }

  async insertLineTransition(manager: EntityManager, row: Omit<LineTransition, 'id' | 'createdAt' | 'line'>): Promise<void> {
    await manager.getRepository(LineTransition).insert(row);
  }

  /** Paid lines whose professional has not answered by `now` (the start-up sweep). */
  async overdueResponses(now: Date): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM order_details WHERE line_status = 'awaiting_professional' AND response_due_at <= $1 ORDER BY id`,
      [now],
    );
    return rows.map((row) => row.id);
  }

  /** The orders still unpaid that were created more than `ageMs` ago (by the database's clock). */
  async unpaidOrdersCreatedBefore(ageMs: number): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM orders WHERE status = 'creada' AND created_at <= now() - make_interval(secs => $1::double precision / 1000) ORDER BY id`,
      [ageMs],
    );
    return rows.map((row) => row.id);
  }

  /** Confirmed lines whose last date is before `today` (the start-up sweep checks their auto-done instant). */
  async confirmedLinesEndedBefore(today: IsoDate): Promise<{ id: number; lastDate: IsoDate }[]> {
    return this.dataSource.query(
      `SELECT id, dates[array_upper(dates, 1)]::text AS "lastDate" FROM order_details
       WHERE line_status = 'confirmed' AND cardinality(dates) > 0 AND dates[array_upper(dates, 1)] < $1::date ORDER BY id`,
      [today],
    );
  }

  /** How many confirmed bookings the professional cancelled itself (shown on its profile). */
  async cancelledByProfessional(professionalId: number): Promise<number> {
    const [{ count }]: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM line_transitions t JOIN order_details od ON od.id = t.line_id
       WHERE od.professional_id = $1 AND t.event = 'professional_cancelled'`,
      [professionalId],
    );
    return count;
  }

  /** Why the order was last changed (e.g. why it is cancelada), or null. */
  async lastChangeReason(manager: EntityManager, orderId: number): Promise<OrderChangeReason | null> {
    const [last] = await manager.getRepository(OrderStatusChange).find({ where: { orderId }, order: { id: 'DESC' }, take: 1 });
    return last?.reason ?? null;
  }

  /** Adds the alert, or updates the one of the same payment. */
  async saveAlert(
    manager: EntityManager,
    alert: Pick<OrderPaymentAlert, 'orderId' | 'paymentId' | 'needsReview' | 'refundDue' | 'reason'>,
  ) {
    await manager.query(
      `INSERT INTO order_payment_alerts (order_id, payment_id, needs_review, refund_due, reason) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (order_id, payment_id) WHERE payment_id IS NOT NULL
       DO UPDATE SET needs_review = EXCLUDED.needs_review, refund_due = EXCLUDED.refund_due, reason = EXCLUDED.reason`,
      [alert.orderId, alert.paymentId, alert.needsReview, alert.refundDue, alert.reason.slice(0, 500)],
    );
  }
}
