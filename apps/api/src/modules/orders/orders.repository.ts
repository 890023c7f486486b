import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { OrderChangeReason, OrderStatus } from '@oficios/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { centsFromDb } from '../../common/cents.transformer';
import { preparedQuery } from '../../database/prepared-query';
import { Order, OrderPaymentAlert, OrderStatusChange } from './entities/order.entity';

/**
 * A cart's open order, locked: every checkout asks. Only `orders_open_cart_key` answers it (the status index leaves
 * unpaid orders out), whatever the planner's statistics say of how many orders are unpaid.
 */
export const OPEN_ORDER_OF_CART = `SELECT id, client_id AS "clientId", cart_id AS "cartId", amount_cents AS "amountCents", status,
        created_at AS "createdAt", updated_at AS "updatedAt", place_locality_id AS "placeLocalityId",
        place_locality_name AS "placeLocalityName", place_department AS "placeDepartment", place_province AS "placeProvince",
        place_street AS "placeStreet"
 FROM orders WHERE cart_id = $1 AND status = 'creada' FOR UPDATE`;

/** Changes to orders, their status history and their payment alerts; the answers' views are OrderRecordsRepository's. */
@Injectable()
export class OrdersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Locks the order row for the rest of the transaction (concurrent changes apply one after the other). */
  lock(manager: EntityManager, orderId: number): Promise<Order | null> {
    return manager.getRepository(Order).findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
  }

  /** The cart's open order, locked (a prepared statement: every checkout asks). */
  async lockOpenOrderOf(manager: EntityManager, cartId: number): Promise<Order | null> {
    const [row] = await preparedQuery<Omit<Order, 'amountCents'> & { amountCents: string }>(manager, OPEN_ORDER_OF_CART, [cartId]);
    return row ? Object.assign(new Order(), { ...row, amountCents: centsFromDb(row.amountCents) }) : null;
  }

  /**
   * The new order's id, taken from its sequence ahead of the insert, and the transaction's time (`now()`, which the
   * order's `created_at` will be): the order, its bookings, their holds and events can then all be written with the
   * COMMIT (an id taken and not used, by a refused checkout, is a gap only).
   */
  async takeOrderId(manager: EntityManager): Promise<{ orderId: number; now: Date }> {
    const [row] = await preparedQuery<{ orderId: number; now: Date }>(
      manager,
      `SELECT nextval('orders_id_seq')::int AS "orderId", now() AS now`,
      [],
    );
    return row;
  }

  /** A new order (creada, with the id and time takeOrderId gave), in one statement that answers nothing. */
  async insertOrder(
    manager: EntityManager,
    order: Pick<
      Order,
      | 'id'
      | 'clientId'
      | 'cartId'
      | 'amountCents'
      | 'placeLocalityId'
      | 'placeLocalityName'
      | 'placeDepartment'
      | 'placeProvince'
      | 'placeStreet'
    >,
  ): Promise<void> {
    await preparedQuery(
      manager,
      `INSERT INTO orders (id, client_id, cart_id, amount_cents, place_locality_id, place_locality_name, place_department, place_province, place_street)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        order.id,
        order.clientId,
        order.cartId,
        order.amountCents,
        order.placeLocalityId,
        order.placeLocalityName,
        order.placeDepartment,
        order.placeProvince,
        order.placeStreet,
      ],
    );
  }

  /** The order's status, and the change recorded. */
  async setStatus(
    manager: EntityManager,
    order: Order,
    to: OrderStatus,
    changedBy: number | null,
    reason: OrderChangeReason,
  ): Promise<void> {
    await manager.getRepository(Order).update({ id: order.id }, { status: to });
    await manager.getRepository(OrderStatusChange).insert({ orderId: order.id, fromStatus: order.status, toStatus: to, changedBy, reason });
  }

  /** The orders still unpaid that were created more than `ageMs` ago (by the database's clock). */
  async unpaidOrdersCreatedBefore(ageMs: number): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM orders WHERE status = 'creada' AND created_at <= now() - make_interval(secs => $1::double precision / 1000) ORDER BY id`,
      [ageMs],
    );
    return rows.map((row) => row.id);
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
