import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Cents, Day, IsoDate, LineStatus, OrderStatus, PaymentAlert } from '@oficios/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { centsFromDb } from '../../common/cents.transformer';
import { preparedQuery } from '../../database/prepared-query';
import { disputeRecord, type DisputeRecord, type LineRefundRecord } from './aftercare.repository';

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

/**
 * Orders and their lines as the answers show them (read only): each line with its refunds and its dispute, each order
 * with its lines and, for administrators, its payment alerts. The changes go through OrdersRepository.
 */
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
}
