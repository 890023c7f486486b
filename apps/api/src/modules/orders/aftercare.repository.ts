import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Cents, DisputeResolution, IsoDate, LineStatus, RefundCause, RefundStatus } from '@oficios/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { centsFromDb } from '../../common/cents.transformer';
import { LineDispute, type DisputeStatus } from './entities/line-dispute.entity';

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

const isoOrNull = (instant: string | Date | null): string | null => (instant === null ? null : new Date(instant).toISOString());

/** A dispute as the database answers it (its refund a string of cents, its instants dates): as the views show it. */
export const disputeRecord = <T extends DisputeRecord>(row: T): T => ({
  ...row,
  refundCents: row.refundCents === null ? null : centsFromDb(row.refundCents),
  createdAt: isoOrNull(row.createdAt)!,
  resolvedAt: isoOrNull(row.resolvedAt),
});

/**
 * What happens to a booking after its money moved: its refunds (`line_refunds`) and its dispute (`line_disputes`), the
 * orders module's tables of aftercare. The order views read both (OrdersRepository), the changes go through here.
 */
@Injectable()
export class AftercareRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

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

  /** The lines that have a dispute (open or resolved), of these when given. */
  async disputedLineIds(lineIds?: number[]): Promise<number[]> {
    const rows: { lineId: number }[] = await this.dataSource.query(
      `SELECT line_id AS "lineId" FROM line_disputes WHERE $1::int[] IS NULL OR line_id = ANY($1::int[])`,
      [lineIds ?? null],
    );
    return rows.map((row) => row.lineId);
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

  /** A refund the line's exit (or its dispute) owes, as requested; once per line and cause (a retry adds nothing). */
  async recordRefundRequest(manager: EntityManager, lineId: number, cause: RefundCause, amountCents: Cents): Promise<void> {
    await manager.query(
      `INSERT INTO line_refunds (line_id, cause, amount_cents) VALUES ($1, $2, $3) ON CONFLICT (line_id, cause) DO NOTHING`,
      [lineId, cause, amountCents],
    );
  }

  /**
   * What the line's refunds have given back or are giving back: every one asked for it and not failed. Read in the
   * line's lock (the caller's transaction), so refunds of one line are counted one at a time.
   */
  async committedRefundCents(lineId: number, manager?: EntityManager): Promise<Cents> {
    const [{ total }]: { total: string }[] = await (manager ?? this.dataSource).query(
      `SELECT COALESCE(sum(amount_cents), 0) AS total FROM line_refunds WHERE line_id = $1 AND status <> 'failed'`,
      [lineId],
    );
    return centsFromDb(total);
  }

  /** How a requested refund ended (payments' LineRefundSettled); a settled one stays as it is. */
  async settleRefundRequest(manager: EntityManager, lineId: number, cause: RefundCause, status: 'approved' | 'failed'): Promise<void> {
    await manager.query(
      `UPDATE line_refunds SET status = $3, updated_at = now() WHERE line_id = $1 AND cause = $2 AND status = 'requested'`,
      [lineId, cause, status],
    );
  }

  /** Marks the dispute refund of the line settled; false when it already was (a redelivered settlement). */
  async settleDisputeRefund(manager: EntityManager, lineId: number, at: Date): Promise<boolean> {
    const rows: { id: number }[] = await manager.query(
      `UPDATE line_disputes SET refund_settled_at = $2 WHERE line_id = $1 AND refund_settled_at IS NULL RETURNING id`,
      [lineId, at],
    );
    // Postgres answers [rows, count] for an UPDATE through TypeORM's query.
    const updated = Array.isArray(rows[0]) ? (rows[0] as unknown as { id: number }[]) : rows;
    return updated.length > 0;
  }
}
