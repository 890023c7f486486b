import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  Cents,
  Day,
  DisputeResolution,
  IsoDate,
  LineStatus,
  OrderChangeReason,
  OrderStatus,
  PaymentAlert,
  RefundCause,
  RefundStatus,
} from '@oficios/domain';
import { DataSource, Not, type EntityManager } from 'typeorm';
import { centsFromDb } from '../../common/cents.transformer';
import { listParameter, preparedQuery } from '../../database/prepared-query';
import { LineDispute, type DisputeStatus } from './entities/line-dispute.entity';
import { LineTransition } from './entities/line-transition.entity';
import { OrderDetail } from './entities/order-detail.entity';
import { OrderPaymentAlert } from './entities/order-payment-alert.entity';
import { OrderStatusChange } from './entities/order-status-change.entity';
import { Order } from './entities/order.entity';

/** An order line as stored (its amount in cents), before the answers show it in pesos with the professional. */
export interface OrderLineRecord {
  id: number;
  orderId: number;
  clientId: number;
  professionalId: number;
  days: Day[];
  reservationAmountCents: Cents;
  createdAt: string;
  /** The line's status (the order's). */
  status: OrderStatus;
  dates: IsoDate[];
  lineStatus: LineStatus;
  responseDueAt: string | null;
  declineReason: string | null;
  refundedCents: Cents;
  refunds: LineRefundRecord[];
  dispute: DisputeRecord | null;
}

/** A line's refund as stored (line_refunds). */
export interface LineRefundRecord {
  cause: RefundCause;
  amountCents: Cents;
  status: RefundStatus;
}

/** A line's dispute as stored (its refund in cents). */
export interface DisputeRecord {
  id: number;
  lineId: number;
  status: DisputeStatus;
  reason: string;
  professionalAnswer: string | null;
  resolution: DisputeResolution | null;
  refundCents: Cents | null;
  adminNote: string | null;
  createdAt: string;
  resolvedAt: string | null;
}

/** A dispute with its booking, as the administrators' list shows it. */
export interface DisputeListRecord extends DisputeRecord {
  orderId: number;
  clientId: number;
  professionalId: number;
  dates: IsoDate[];
  reservationAmountCents: Cents;
  refundedCents: Cents;
  lineStatus: LineStatus;
}

/**
 * A cart's open order, locked: every checkout asks. Only `orders_open_cart_key` answers it (the status index leaves
 * unpaid orders out), whatever the planner's statistics say of how many orders are unpaid.
 */
export const OPEN_ORDER_OF_CART = `SELECT id, client_id AS "clientId", cart_id AS "cartId", amount_cents AS "amountCents", status,
        created_at AS "createdAt", updated_at AS "updatedAt"
 FROM orders WHERE cart_id = $1 AND status = 'creada' FOR UPDATE`;

/** An order as stored (its amount in cents), before the answers show it in pesos with the professionals. */
export interface OrderRecord {
  id: number;
  date: string;
  createdAt: string;
  clientId: number;
  amountCents: Cents;
  status: OrderStatus;
  orderDetails: OrderLineRecord[];
  paymentAlert?: PaymentAlert | null;
}

/** What administrators see beyond the order itself. */
export interface ViewOptions {
  paymentAlert?: boolean;
}

const DISPUTE_JSON = `json_build_object('id', ld.id, 'lineId', ld.line_id, 'status', ld.status, 'reason', ld.reason,
  'professionalAnswer', ld.professional_answer, 'resolution', ld.resolution, 'refundCents', ld.refund_cents,
  'adminNote', ld.admin_note, 'createdAt', ld.created_at, 'resolvedAt', ld.resolved_at)`;

const LINE_COLUMNS = (alias: string) => `${alias}.id, ${alias}.order_id AS "orderId", ${alias}.client_id AS "clientId",
  ${alias}.professional_id AS "professionalId", ${alias}.days, ${alias}.reservation_amount_cents AS "reservationAmountCents",
  ${alias}.created_at AS "createdAt", ${alias}.status, ${alias}.dates::text[] AS dates, ${alias}.line_status AS "lineStatus",
  ${alias}.response_due_at AS "responseDueAt", ${alias}.decline_reason AS "declineReason", ${alias}.refunded_cents AS "refundedCents",
  (SELECT ${DISPUTE_JSON} FROM line_disputes ld WHERE ld.line_id = ${alias}.id) AS dispute,
  COALESCE((SELECT json_agg(json_build_object('cause', lr.cause, 'amountCents', lr.amount_cents, 'status', lr.status) ORDER BY lr.id)
            FROM line_refunds lr WHERE lr.line_id = ${alias}.id), '[]'::json) AS refunds`;

/** The order's alerts for administrators: null when there is none. */
const PAYMENT_ALERT = `,
  (SELECT json_build_object('needsReview', bool_or(a.needs_review), 'refundDue', bool_or(a.refund_due),
            'reasons', json_agg(a.reason ORDER BY a.id))
   FROM order_payment_alerts a WHERE a.order_id = o.id AND (a.needs_review OR a.refund_due) HAVING count(*) > 0) AS "paymentAlert"`;

const ORDER_VIEW = (detailFilter: string, options: ViewOptions = {}) => `
  o.id, o.created_at AS date, o.created_at AS "createdAt", o.client_id AS "clientId", o.amount_cents AS "amountCents", o.status,
  COALESCE((SELECT json_agg(line ORDER BY line.id) FROM (
     SELECT ${LINE_COLUMNS('od')} FROM order_details od WHERE od.order_id = o.id ${detailFilter}) line), '[]'::json) AS "orderDetails"${
       options.paymentAlert ? PAYMENT_ALERT : ''
     }`;

const isoOrNull = (instant: string | Date | null): string | null => (instant === null ? null : new Date(instant).toISOString());

const disputeRecord = <T extends DisputeRecord>(row: T): T => ({
  ...row,
  refundCents: row.refundCents === null ? null : centsFromDb(row.refundCents),
  createdAt: isoOrNull(row.createdAt)!,
  resolvedAt: isoOrNull(row.resolvedAt),
});

/** Postgres hands bigint back as a string (a number inside json): both become numbers of cents. */
const lineRecord = (row: OrderLineRecord): OrderLineRecord => ({
  ...row,
  dispute: row.dispute ? disputeRecord(row.dispute) : null,
  refunds: row.refunds.map((refund) => ({ ...refund, amountCents: centsFromDb(refund.amountCents) })),
  reservationAmountCents: centsFromDb(row.reservationAmountCents),
  refundedCents: centsFromDb(row.refundedCents),
  responseDueAt: row.responseDueAt === null ? null : new Date(row.responseDueAt).toISOString(),
});
const orderRecord = (row: OrderRecord): OrderRecord => ({
  ...row,
  amountCents: centsFromDb(row.amountCents),
  orderDetails: row.orderDetails.map(lineRecord),
});

/** Who a booking concerns, and where it stands. */
export interface LineParties {
  id: number;
  orderId: number;
  clientId: number;
  professionalId: number;
  lineStatus: LineStatus;
}

/** Orders, their lines, their status history and their payment alerts (`orders`, `order_details`, ...). */
@Injectable()
export class OrdersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One order; inside a transaction when given its `manager`. */
  async findView(
    orderId: number,
    manager: EntityManager = this.dataSource.manager,
    options: ViewOptions = {},
  ): Promise<OrderRecord | null> {
    // Prepared: every event about an order reads its view (one text per `options`).
    const rows = await preparedQuery<OrderRecord>(manager, `SELECT ${ORDER_VIEW('', options)} FROM orders o WHERE o.id = $1`, [orderId]);
    return rows[0] ? orderRecord(rows[0]) : null;
  }

  /** Orders newest first, optionally of one client and/or one status; a page of them when `page` is given. */
  async list(filter: { clientId?: number; status?: OrderStatus; page?: { number: number; size: number } }, options: ViewOptions = {}) {
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (filter.clientId !== undefined) {
      params.push(filter.clientId);
      conditions.push(`o.client_id = $${params.length}`);
    }
    if (filter.status !== undefined) {
      params.push(filter.status);
      conditions.push(`o.status = $${params.length}`);
    }
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    let limit = '';
    if (filter.page) {
      params.push(filter.page.size, (filter.page.number - 1) * filter.page.size);
      limit = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
    }
    const items: OrderRecord[] = await this.dataSource.query(
      `SELECT ${ORDER_VIEW('', options)} FROM orders o ${where} ORDER BY o.created_at DESC, o.id DESC ${limit}`,
      params,
    );
    if (!filter.page) return { items: items.map(orderRecord), total: items.length };
    const [{ total }]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM orders o ${where}`,
      params.slice(0, params.length - 2),
    );
    return { items: items.map(orderRecord), total };
  }

  /** Orders in which the professional is booked, each with only that professional's lines. */
  async listForProfessional(professionalId: number): Promise<OrderRecord[]> {
    const rows: OrderRecord[] = await this.dataSource.query(
      `SELECT ${ORDER_VIEW('AND od.professional_id = $1')} FROM orders o
       WHERE EXISTS (SELECT 1 FROM order_details d WHERE d.order_id = o.id AND d.professional_id = $1)
       ORDER BY o.created_at DESC, o.id DESC`,
      [professionalId],
    );
    return rows.map(orderRecord);
  }

  /** Lines of a client (`by: 'client'`) or of a professional, newest first. */
  async lines(by: 'client' | 'professional', id: number): Promise<OrderLineRecord[]> {
    const column = by === 'client' ? 'client_id' : 'professional_id';
    const rows: OrderLineRecord[] = await this.dataSource.query(
      `SELECT ${LINE_COLUMNS('od')} FROM order_details od WHERE od.${column} = $1 ORDER BY od.created_at DESC, od.id DESC`,
      [id],
    );
    return rows.map(lineRecord);
  }

  /** One line as the answers show it. */
  async lineView(lineId: number): Promise<OrderLineRecord | null> {
    const rows: OrderLineRecord[] = await this.dataSource.query(`SELECT ${LINE_COLUMNS('od')} FROM order_details od WHERE od.id = $1`, [
      lineId,
    ]);
    return rows[0] ? lineRecord(rows[0]) : null;
  }

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

  /** The lines that have a dispute (open or resolved), of these when given. */
  async disputedLineIds(lineIds?: number[]): Promise<number[]> {
    const rows: { lineId: number }[] = await this.dataSource.query(
      `SELECT line_id AS "lineId" FROM line_disputes WHERE $1::int[] IS NULL OR line_id = ANY($1::int[])`,
      [lineIds ?? null],
    );
    return rows.map((row) => row.lineId);
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

  linesOf(manager: EntityManager, orderId: number): Promise<OrderDetail[]> {
    return manager.getRepository(OrderDetail).find({ where: { orderId }, order: { id: 'ASC' } });
  }

  /** How many other lines of the line's order still await payment. */
  otherUnpaidLinesOf(line: Pick<OrderDetail, 'id' | 'orderId'>, manager: EntityManager = this.dataSource.manager): Promise<number> {
    return manager.getRepository(OrderDetail).count({ where: { orderId: line.orderId, lineStatus: 'awaiting_payment', id: Not(line.id) } });
  }

  /**
   * Ids for `count` new lines, taken from their sequence ahead of the insert: the holds that name the lines can then be
   * sent in the same write as the lines themselves (an id taken and not used, by a refused checkout, is a gap only).
   */
  async takeLineIds(manager: EntityManager, count: number): Promise<number[]> {
    const rows = await preparedQuery<{ id: number }>(
      manager,
      `SELECT nextval(pg_get_serial_sequence('order_details', 'id'))::int AS id FROM generate_series(1, $1)`,
      [count],
    );
    return rows.map((row) => row.id);
  }

  /**
   * A new order (creada) and its lines (awaiting payment, with the ids takeLineIds gave) in one statement. Answers the
   * order as saved and the lines in the order given (ISO dates as given).
   */
  async insertOrderWithLines(
    manager: EntityManager,
    order: Pick<Order, 'clientId' | 'cartId' | 'amountCents'>,
    lines: Pick<OrderDetail, 'id' | 'professionalId' | 'days' | 'dates' | 'reservationAmountCents'>[],
  ): Promise<{ order: Order; lines: OrderDetail[] }> {
    const [row]: { id: number; status: Order['status']; createdAt: Date; updatedAt: Date }[] = await preparedQuery(
      manager,
      `WITH new_order AS (
           INSERT INTO orders (client_id, cart_id, amount_cents) VALUES ($1, $2, $3)
           RETURNING id, status, created_at, updated_at
         ), new_lines AS (
           INSERT INTO order_details (id, order_id, client_id, professional_id, days, dates, reservation_amount_cents)
           SELECT l.id, o.id, $1, l.professional_id, l.days, l.dates, l.amount
           FROM new_order o,
                jsonb_to_recordset($4::jsonb) AS l(id int, professional_id int, days text[], dates date[], amount bigint)
         )
         SELECT o.id, o.status, o.created_at AS "createdAt", o.updated_at AS "updatedAt" FROM new_order o`,
      [
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
    const saved = { ...order, id: row.id, status: row.status, createdAt: row.createdAt, updatedAt: row.updatedAt } as Order;
    return {
      order: saved,
      lines: lines.map((line) => ({ ...line, orderId: row.id, clientId: order.clientId }) as OrderDetail),
    };
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

  /** Every unpaid order with when it was made (the start-up sweep: few, each pays or expires within the window). */
  unpaidOrders(): Promise<{ id: number; createdAt: Date }[]> {
    return this.dataSource.query(`SELECT id, created_at AS "createdAt" FROM orders WHERE status = 'creada' ORDER BY id`);
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

  /** The line's dispute, locked for the rest of the transaction; null when there is none. */
  lockDisputeOfLine(manager: EntityManager, lineId: number): Promise<LineDispute | null> {
    return manager.getRepository(LineDispute).findOne({ where: { lineId }, lock: { mode: 'pessimistic_write' } });
  }

  findDispute(manager: EntityManager, disputeId: number): Promise<LineDispute | null> {
    return manager.getRepository(LineDispute).findOne({ where: { id: disputeId } });
  }

  async insertDispute(manager: EntityManager, row: Pick<LineDispute, 'lineId' | 'clientId' | 'reason'>): Promise<number> {
    const inserted = await manager.getRepository(LineDispute).insert(row);
    return inserted.identifiers[0].id as number;
  }

  async updateDispute(
    manager: EntityManager,
    disputeId: number,
    fields: Partial<
      Pick<LineDispute, 'professionalAnswer' | 'status' | 'resolution' | 'refundCents' | 'adminNote' | 'resolvedBy' | 'resolvedAt'>
    >,
  ): Promise<void> {
    await manager.getRepository(LineDispute).update({ id: disputeId }, fields);
  }

  /** Marks the dispute refund of the line settled; false when it already was (a redelivered settlement). */
  /** A refund the line's exit (or its dispute) owes, as requested; once per line and cause (a retry adds nothing). */
  async recordRefundRequest(manager: EntityManager, lineId: number, cause: RefundCause, amountCents: Cents): Promise<void> {
    await manager.query(
      `INSERT INTO line_refunds (line_id, cause, amount_cents) VALUES ($1, $2, $3) ON CONFLICT (line_id, cause) DO NOTHING`,
      [lineId, cause, amountCents],
    );
  }

  /** How a requested refund ended (payments' LineRefundSettled); a settled one stays as it is. */
  async settleRefundRequest(manager: EntityManager, lineId: number, cause: RefundCause, status: 'approved' | 'failed'): Promise<void> {
    await manager.query(
      `UPDATE line_refunds SET status = $3, updated_at = now() WHERE line_id = $1 AND cause = $2 AND status = 'requested'`,
      [lineId, cause, status],
    );
  }

  async settleDisputeRefund(manager: EntityManager, lineId: number, at: Date): Promise<boolean> {
    const rows: { id: number }[] = await manager.query(
      `UPDATE line_disputes SET refund_settled_at = $2 WHERE line_id = $1 AND refund_settled_at IS NULL RETURNING id`,
      [lineId, at],
    );
    // Postgres answers [rows, count] for an UPDATE through TypeORM's query.
    const updated = Array.isArray(rows[0]) ? (rows[0] as unknown as { id: number }[]) : rows;
    return updated.length > 0;
  }

  /** Disputes of one status with their bookings, oldest first (the queue an administrator works through). */
  async disputes(status: DisputeStatus): Promise<DisputeListRecord[]> {
    const rows: DisputeListRecord[] = await this.dataSource.query(
      `SELECT ld.id, ld.line_id AS "lineId", ld.status, ld.reason, ld.professional_answer AS "professionalAnswer", ld.resolution,
              ld.refund_cents AS "refundCents", ld.admin_note AS "adminNote", ld.created_at AS "createdAt", ld.resolved_at AS "resolvedAt",
              od.order_id AS "orderId", od.client_id AS "clientId", od.professional_id AS "professionalId", od.dates::text[] AS dates,
              od.reservation_amount_cents AS "reservationAmountCents", od.refunded_cents AS "refundedCents", od.line_status AS "lineStatus"
       FROM line_disputes ld JOIN order_details od ON od.id = ld.line_id
       WHERE ld.status = $1 ORDER BY ld.created_at, ld.id`,
      [status],
    );
    return rows.map((row) => ({
      ...disputeRecord(row),
      reservationAmountCents: centsFromDb(row.reservationAmountCents),
      refundedCents: centsFromDb(row.refundedCents),
    }));
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
