import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { OrderStatus, OrderView } from '@oficios/domain';
import { DataSource, type EntityManager } from 'typeorm';

/** Payments of the order that need an administrator: null when none does. */
const PAYMENT_ALERT = `,
  (SELECT json_build_object('needsReview', bool_or(pm.needs_review), 'refundDue', bool_or(pm.refund_due),
            'reasons', COALESCE(json_agg(pm.review_reason ORDER BY pm.id) FILTER (WHERE pm.review_reason IS NOT NULL), '[]'::json))
   FROM payments pm WHERE pm.order_id = o.id AND (pm.needs_review OR pm.refund_due) HAVING count(*) > 0) AS "paymentAlert"`;

/** What administrators see beyond the order itself. */
export interface ViewOptions {
  paymentAlert?: boolean;
}

const ORDER_VIEW = (detailFilter: string, options: ViewOptions = {}) => `
  o.id, o.created_at AS date, o.created_at AS "createdAt", o.client_id AS "clientId", o.amount::float8 AS amount, o.status,
  COALESCE((SELECT json_agg(line ORDER BY line.id) FROM (
     SELECT od.id, od.order_id AS "orderId", od.client_id AS "clientId", od.professional_id AS "professionalId", od.days,
            od.reservation_amount::float8 AS "reservationAmount", od.created_at AS "createdAt", od.status,
            json_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name, 'profileImg', p.profile_img) AS professional
     FROM order_details od JOIN users p ON p.id = od.professional_id
     WHERE od.order_id = o.id ${detailFilter}) line), '[]'::json) AS "orderDetails"${options.paymentAlert ? PAYMENT_ALERT : ''}`;

/** Order reads shaped as the API answers them (one query each, details included). */
@Injectable()
export class OrdersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One order; inside a transaction when given its `manager`. */
  async findView(orderId: number, manager: EntityManager = this.dataSource.manager, options: ViewOptions = {}): Promise<OrderView | null> {
    const rows: OrderView[] = await manager.query(`SELECT ${ORDER_VIEW('', options)} FROM orders o WHERE o.id = $1`, [orderId]);
    return rows[0] ?? null;
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
    const items: OrderView[] = await this.dataSource.query(
      `SELECT ${ORDER_VIEW('', options)} FROM orders o ${where} ORDER BY o.created_at DESC, o.id DESC ${limit}`,
      params,
    );
    if (!filter.page) return { items, total: items.length };
    const [{ total }]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM orders o ${where}`,
      params.slice(0, params.length - 2),
    );
    return { items, total };
  }

  /** Orders in which the professional is booked, each with only that professional's lines. */
  listForProfessional(professionalId: number): Promise<OrderView[]> {
    return this.dataSource.query(
      `SELECT ${ORDER_VIEW('AND od.professional_id = $1')} FROM orders o
       WHERE EXISTS (SELECT 1 FROM order_details d WHERE d.order_id = o.id AND d.professional_id = $1)
       ORDER BY o.created_at DESC, o.id DESC`,
      [professionalId],
    );
  }
}
