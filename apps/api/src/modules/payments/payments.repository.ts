import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { Payment } from './entities/payment.entity';

/** The payments and links handed out (`payments`). Every method but the reconciliation's runs in the caller's transaction. */
@Injectable()
export class PaymentsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  hasApproved(manager: EntityManager, orderId: number): Promise<boolean> {
    return manager.getRepository(Payment).exists({ where: { orderId, status: 'approved' } });
  }

  latestPending(manager: EntityManager, orderId: number): Promise<Payment | null> {
    return manager.getRepository(Payment).findOne({ where: { orderId, status: 'pending' }, order: { id: 'DESC' } });
  }

  /** The link (our payment row) a provider payment carries the reference of. */
  findByReference(manager: EntityManager, reference: string): Promise<Payment | null> {
    return manager.getRepository(Payment).findOne({ where: { reference }, order: { id: 'ASC' } });
  }

  /**
   * The payment that paid the order, locked until the transaction ends (its refunds are counted against it one at a
   * time): the approved one that moved it (not under review), else the first approved.
   */
  /** The order's approved payment (not locked), as lockPaidPayment picks it. */
  findPaidPayment(manager: EntityManager, orderId: number): Promise<Payment | null> {
    return manager.getRepository(Payment).findOne({ where: { orderId, status: 'approved' }, order: { needsReview: 'ASC', id: 'ASC' } });
  }

  lockPaidPayment(manager: EntityManager, orderId: number): Promise<Payment | null> {
    return manager.getRepository(Payment).findOne({
      where: { orderId, status: 'approved' },
      order: { needsReview: 'ASC', id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** The payment, locked until the transaction ends (its refunds are counted against it one at a time). */
  lockById(manager: EntityManager, id: number): Promise<Payment | null> {
    return manager.getRepository(Payment).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  findById(manager: EntityManager, id: number): Promise<Payment | null> {
    return manager.getRepository(Payment).findOne({ where: { id } });
  }

  findByProviderId(manager: EntityManager, providerPaymentId: string): Promise<Payment | null> {
    return manager.getRepository(Payment).findOne({ where: { providerPaymentId } });
  }

  insert(manager: EntityManager, fields: Partial<Payment>): Promise<Payment> {
    const payments = manager.getRepository(Payment);
    return payments.save(payments.create(fields));
  }

  async update(manager: EntityManager, id: number, fields: Partial<Payment>): Promise<void> {
    await manager.getRepository(Payment).update({ id }, fields);
  }

  /** The order's links still open can no longer pay it. */
  async cancelPending(manager: EntityManager, orderId: number): Promise<void> {
    await manager.getRepository(Payment).update({ orderId, status: 'pending' }, { status: 'cancelled' });
  }

  /** The orders with a payment link still open (pending), each with when its first open link was handed out. */
  ordersWithOpenLinks(): Promise<{ orderId: number; linkedAt: Date }[]> {
    return this.dataSource.query(
      `SELECT order_id AS "orderId", min(created_at) AS "linkedAt" FROM payments
       WHERE status = 'pending' AND preference_id IS NOT NULL GROUP BY order_id ORDER BY 1`,
    );
  }

  /** Every payment link (preference) handed out for the order. */
  async preferenceIdsOf(manager: EntityManager, orderId: number): Promise<string[]> {
    const rows: { preferenceId: string }[] = await manager.query(
      `SELECT DISTINCT preference_id AS "preferenceId" FROM payments WHERE order_id = $1 AND preference_id IS NOT NULL ORDER BY 1`,
      [orderId],
    );
    return rows.map((row) => row.preferenceId);
  }

  /** The order's approved payments are owed back. */
  async markRefundDue(manager: EntityManager, orderId: number, reason: string): Promise<void> {
    await manager.query(
      `UPDATE payments SET refund_due = true, review_reason = concat_ws('; ', review_reason, $2::text), updated_at = now()
       WHERE order_id = $1 AND status = 'approved' AND NOT refund_due`,
      [orderId, reason],
    );
  }
}
