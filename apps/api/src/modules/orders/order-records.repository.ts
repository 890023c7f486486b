import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Cents, OrderChangeReason, OrderPlace, OrderStatus, PaymentAlert } from '@oficios/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { centsFromDb } from '../../common/cents.transformer';
import { preparedQuery } from '../../database/prepared-query';

/** An order as stored (its amount in cents), before the answers show it in pesos with its bookings. */
export interface OrderRecord {
  id: number;
  date: string;
  createdAt: string;
  clientId: number;
  amountCents: Cents;
  status: OrderStatus;
  /** Why it was cancelled (its last change's reason); null while it is not. */
  cancellationReason: OrderChangeReason | null;
  /** Where the job is, as kept at checkout (null: an order made without a place). */
  place: OrderPlace | null;
  paymentAlert?: PaymentAlert | null;
}

/** What administrators see beyond the order itself. */
export interface ViewOptions {
  paymentAlert?: boolean;
}

/** The order's alerts for administrators: null when there is none. */
const PAYMENT_ALERT = `,
  (SELECT json_build_object('needsReview', bool_or(a.needs_review), 'refundDue', bool_or(a.refund_due),
            'reasons', json_agg(a.reason ORDER BY a.id))
   FROM order_payment_alerts a WHERE a.order_id = o.id AND (a.needs_review OR a.refund_due) HAVING count(*) > 0) AS "paymentAlert"`;

/** The reason of a cancelled order's last change ('cart-changed': another order of its cart replaced it). */
const CANCELLATION_REASON = `CASE WHEN o.status = 'cancelada' THEN
  (SELECT c.reason FROM order_status_changes c WHERE c.order_id = o.id ORDER BY c.id DESC LIMIT 1) END AS "cancellationReason"`;

/** The order's snapshot of the job's place, or null. */
const PLACE = `CASE WHEN o.place_locality_id IS NOT NULL THEN json_build_object('locality', json_build_object('id', o.place_locality_id,
  'name', o.place_locality_name, 'department', o.place_department, 'province', o.place_province), 'street', o.place_street) END AS place`;

const ORDER_COLUMNS = (options: ViewOptions = {}) =>
  `o.id, o.created_at AS date, o.created_at AS "createdAt", o.client_id AS "clientId", o.amount_cents AS "amountCents", o.status,
   ${CANCELLATION_REASON}, ${PLACE}${options.paymentAlert ? PAYMENT_ALERT : ''}`;

/** Postgres hands bigint back as a string: a number of cents. */
const orderRecord = (row: OrderRecord): OrderRecord => ({ ...row, amountCents: centsFromDb(row.amountCents) });

/** Orders as the answers show them (read only; their bookings are the bookings module's). The changes go through OrdersRepository. */
@Injectable()
export class OrderRecordsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One order; inside a transaction when given its `manager`. */
  async findView(
    orderId: number,
    manager: EntityManager = this.dataSource.manager,
    options: ViewOptions = {},
  ): Promise<OrderRecord | null> {
    // Prepared: every event about an order reads its view (one text per `options`).
    const rows = await preparedQuery<OrderRecord>(manager, `SELECT ${ORDER_COLUMNS(options)} FROM orders o WHERE o.id = $1`, [orderId]);
    return rows[0] ? orderRecord(rows[0]) : null;
  }

  /** Why each of these orders was cancelled (only the cancelled ones). */
  async cancellationReasons(orderIds: number[]): Promise<Map<number, OrderChangeReason>> {
    if (orderIds.length === 0) return new Map();
    const rows: { id: number; cancellationReason: OrderChangeReason | null }[] = await this.dataSource.query(
      `SELECT o.id, ${CANCELLATION_REASON} FROM orders o WHERE o.id = ANY($1::int[]) AND o.status = 'cancelada'`,
      [orderIds],
    );
    return new Map(rows.filter((row) => row.cancellationReason !== null).map((row) => [row.id, row.cancellationReason!]));
  }

  /** Where each of these orders' job is (orders made without a place are left out). */
  async places(orderIds: number[]): Promise<Map<number, OrderPlace>> {
    if (orderIds.length === 0) return new Map();
    const rows: { id: number; place: OrderPlace | null }[] = await this.dataSource.query(
      `SELECT o.id, ${PLACE} FROM orders o WHERE o.id = ANY($1::int[]) AND o.place_locality_id IS NOT NULL`,
      [orderIds],
    );
    return new Map(rows.map((row) => [row.id, row.place!]));
  }

  /** These orders, newest first. */
  async byIds(orderIds: number[]): Promise<OrderRecord[]> {
    if (orderIds.length === 0) return [];
    const rows: OrderRecord[] = await this.dataSource.query(
      `SELECT ${ORDER_COLUMNS()} FROM orders o WHERE o.id = ANY($1::int[]) ORDER BY o.created_at DESC, o.id DESC`,
      [orderIds],
    );
    return rows.map(orderRecord);
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
      `SELECT ${ORDER_COLUMNS(options)} FROM orders o ${where} ORDER BY o.created_at DESC, o.id DESC ${limit}`,
      params,
    );
    if (!filter.page) return { items: items.map(orderRecord), total: items.length };
    const [{ total }]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM orders o ${where}`,
      params.slice(0, params.length - 2),
    );
    return { items: items.map(orderRecord), total };
  }
}
