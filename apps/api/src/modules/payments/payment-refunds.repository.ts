import { Injectable } from '@nestjs/common';
import type { Cents, RefundCause, RefundStatus } from '@oficios/domain';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, LessThan, type EntityManager } from 'typeorm';
import { centsFromDb } from '../../common/cents.transformer';
import { PaymentRefund } from './entities/payment-refund.entity';

export type NewRefund = Pick<PaymentRefund, 'paymentId' | 'orderId' | 'lineId' | 'clientId' | 'cause' | 'amountCents' | 'idempotencyKey'> &
  Partial<Pick<PaymentRefund, 'status' | 'failure'>>;

/** A booking's refund as its client follows it (settledAt: when it was approved). */
type BookingRefundRow = { cause: RefundCause; amountCents: Cents; status: RefundStatus; requestedAt: Date; settledAt: Date | null };

/** Refunds through the provider (`payment_refunds`). Every method but the reconciliation's runs in the caller's transaction. */
@Injectable()
export class PaymentRefundsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findByKey(manager: EntityManager, idempotencyKey: string): Promise<PaymentRefund | null> {
    return manager.getRepository(PaymentRefund).findOne({ where: { idempotencyKey } });
  }

  lock(manager: EntityManager, id: number): Promise<PaymentRefund | null> {
    return manager.getRepository(PaymentRefund).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * Adds the refund unless its idempotency key has one already (the unique index decides, not a prior read): answers
   * the new row, or null when the key was taken.
   */
  async insertOnce(manager: EntityManager, refund: NewRefund): Promise<PaymentRefund | null> {
    const inserted = await manager.createQueryBuilder().insert().into(PaymentRefund).values(refund).orIgnore().returning('id').execute();
    const id = (inserted.raw as { id: number }[])[0]?.id;
    return id === undefined ? null : this.lock(manager, id);
  }

  /** What the payment has given back or is giving back (requested and approved refunds). */
  async committedCents(manager: EntityManager, paymentId: number): Promise<Cents> {
    const [{ total }]: { total: string }[] = await manager.query(
      `SELECT COALESCE(sum(amount_cents), 0) AS total FROM payment_refunds WHERE payment_id = $1 AND status IN ('requested', 'approved')`,
      [paymentId],
    );
    return centsFromDb(total);
  }

  /**
   * What a booking's refunds have given back or are giving back: every one asked for it and not failed. Read in the
   * booking's lock (the caller's transaction), so refunds of one booking are counted one at a time.
   */
  async committedOfBooking(bookingId: number, manager: EntityManager = this.dataSource.manager): Promise<Cents> {
    const [{ total }]: { total: string }[] = await manager.query(
      `SELECT COALESCE(sum(amount_cents), 0) AS total FROM payment_refunds WHERE line_id = $1 AND status <> 'failed'`,
      [bookingId],
    );
    return centsFromDb(total);
  }

  /** The refunds of these bookings, oldest first, by booking. */
  async ofBookings(bookingIds: number[], manager: EntityManager = this.dataSource.manager): Promise<Map<number, BookingRefundRow[]>> {
    const rows: (Omit<BookingRefundRow, 'amountCents'> & { lineId: number; amountCents: string })[] = await manager.query(
      `SELECT line_id AS "lineId", cause, amount_cents AS "amountCents", status, created_at AS "requestedAt",
              CASE WHEN status = 'approved' THEN updated_at END AS "settledAt"
       FROM payment_refunds WHERE line_id = ANY($1::int[]) ORDER BY id`,
      [bookingIds],
    );
    const byBooking = new Map<number, BookingRefundRow[]>();
    for (const { lineId, amountCents, ...refund } of rows)
      byBooking.set(lineId, [...(byBooking.get(lineId) ?? []), { ...refund, amountCents: centsFromDb(amountCents) }]);
    return byBooking;
  }

  /** Refunds still requested, last touched before `before` (their answer or notification went missing), oldest first. */
  requestedBefore(before: Date, limit = 200): Promise<PaymentRefund[]> {
    return this.dataSource.getRepository(PaymentRefund).find({
      where: { status: 'requested', updatedAt: LessThan(before) },
      order: { id: 'ASC' },
      take: limit,
    });
  }

  /** The payment's refunds still requested that the provider knows by these ids, locked. */
  requestedByProviderIds(manager: EntityManager, paymentId: number, providerRefundIds: string[]): Promise<PaymentRefund[]> {
    if (providerRefundIds.length === 0) return Promise.resolve([]);
    return manager.getRepository(PaymentRefund).find({
      where: { paymentId, status: 'requested', providerRefundId: In(providerRefundIds) },
      order: { id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** Records what the provider answered (its refund id, the outcome). */
  async saveOutcome(
    manager: EntityManager,
    id: number,
    fields: Partial<Pick<PaymentRefund, 'status' | 'providerRefundId' | 'failure'>>,
  ): Promise<void> {
    await manager.getRepository(PaymentRefund).update({ id }, fields);
  }
}
