import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Cents, RefundCause, RefundStatus } from '@oficios/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { centsFromDb } from '../../common/cents.transformer';

/** A booking's refund as stored (booking_refunds). */
export interface BookingRefundRecord {
  cause: RefundCause;
  amountCents: Cents;
  status: RefundStatus;
}

/**
 * Each booking's own record of its refunds (`booking_refunds`): what its client and the panel follow, requested by
 * the booking's exit or dispute and settled as payments reports. The provider's side is payments'.
 */
@Injectable()
export class BookingRefundsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A refund the line's exit (or its dispute) owes, as requested; once per line and cause (a retry adds nothing). */
  async recordRefundRequest(manager: EntityManager, lineId: number, cause: RefundCause, amountCents: Cents): Promise<void> {
    await manager.query(
      `INSERT INTO booking_refunds (line_id, cause, amount_cents) VALUES ($1, $2, $3) ON CONFLICT (line_id, cause) DO NOTHING`,
      [lineId, cause, amountCents],
    );
  }

  /**
   * What the line's refunds have given back or are giving back: every one asked for it and not failed. Read in the
   * line's lock (the caller's transaction), so refunds of one line are counted one at a time.
   */
  async committedRefundCents(lineId: number, manager?: EntityManager): Promise<Cents> {
    const [{ total }]: { total: string }[] = await (manager ?? this.dataSource).query(
      `SELECT COALESCE(sum(amount_cents), 0) AS total FROM booking_refunds WHERE line_id = $1 AND status <> 'failed'`,
      [lineId],
    );
    return centsFromDb(total);
  }

  /** How a requested refund ended (payments' BookingRefundSettled); a settled one stays as it is. */
  async settleRefundRequest(manager: EntityManager, lineId: number, cause: RefundCause, status: 'approved' | 'failed'): Promise<void> {
    await manager.query(
      `UPDATE booking_refunds SET status = $3, updated_at = now() WHERE line_id = $1 AND cause = $2 AND status = 'requested'`,
      [lineId, cause, status],
    );
  }
}
