import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Cents, DisputeResolution, IsoDate, BookingStatus } from '@oficios/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { centsFromDb } from '../../common/cents.transformer';
import { BookingDispute, type DisputeStatus } from './entities/booking-dispute.entity';

/** A booking's dispute as stored (its refund in cents). */
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
  lineStatus: BookingStatus;
}

const isoOrNull = (instant: string | Date | null): string | null => (instant === null ? null : new Date(instant).toISOString());

/** A dispute as the database answers it (its refund a string of cents, its instants dates): as the views show it. */
export const disputeRecord = <T extends DisputeRecord>(row: T): T => ({
  ...row,
  refundCents: row.refundCents === null ? null : centsFromDb(row.refundCents),
  createdAt: isoOrNull(row.createdAt)!,
  resolvedAt: isoOrNull(row.resolvedAt),
});

/** Bookings' disputes (`booking_disputes`): the client's report, the professional's answer, the resolution. */
@Injectable()
export class DisputesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The line's dispute, locked for the rest of the transaction; null when there is none. */
  lockDisputeOfLine(manager: EntityManager, lineId: number): Promise<BookingDispute | null> {
    return manager.getRepository(BookingDispute).findOne({ where: { lineId }, lock: { mode: 'pessimistic_write' } });
  }

  findDispute(manager: EntityManager, disputeId: number): Promise<BookingDispute | null> {
    return manager.getRepository(BookingDispute).findOne({ where: { id: disputeId } });
  }

  async insertDispute(manager: EntityManager, row: Pick<BookingDispute, 'lineId' | 'clientId' | 'reason'>): Promise<number> {
    const inserted = await manager.getRepository(BookingDispute).insert(row);
    return inserted.identifiers[0].id as number;
  }

  async updateDispute(
    manager: EntityManager,
    disputeId: number,
    fields: Partial<
      Pick<BookingDispute, 'professionalAnswer' | 'status' | 'resolution' | 'refundCents' | 'adminNote' | 'resolvedBy' | 'resolvedAt'>
    >,
  ): Promise<void> {
    await manager.getRepository(BookingDispute).update({ id: disputeId }, fields);
  }

  /** The lines that have a dispute (open or resolved), of these when given. */
  async disputedLineIds(lineIds?: number[]): Promise<number[]> {
    const rows: { lineId: number }[] = await this.dataSource.query(
      `SELECT line_id AS "lineId" FROM booking_disputes WHERE $1::int[] IS NULL OR line_id = ANY($1::int[])`,
      [lineIds ?? null],
    );
    return rows.map((row) => row.lineId);
  }

  /** Disputes of one status with their bookings, oldest first (the queue an administrator works through). */
  async disputes(status: DisputeStatus): Promise<DisputeListRecord[]> {
    const rows: DisputeListRecord[] = await this.dataSource.query(
      `SELECT ld.id, ld.line_id AS "lineId", ld.status, ld.reason, ld.professional_answer AS "professionalAnswer", ld.resolution,
              ld.refund_cents AS "refundCents", ld.admin_note AS "adminNote", ld.created_at AS "createdAt", ld.resolved_at AS "resolvedAt",
              b.order_id AS "orderId", b.client_id AS "clientId", b.professional_id AS "professionalId", b.dates::text[] AS dates,
              b.reservation_amount_cents AS "reservationAmountCents", b.refunded_cents AS "refundedCents", b.line_status AS "lineStatus"
       FROM booking_disputes ld JOIN bookings b ON b.id = ld.line_id
       WHERE ld.status = $1 ORDER BY ld.created_at, ld.id`,
      [status],
    );
    return rows.map((row) => ({
      ...disputeRecord(row),
      reservationAmountCents: centsFromDb(row.reservationAmountCents),
      refundedCents: centsFromDb(row.refundedCents),
    }));
  }

  /** Marks the dispute refund of the line settled; false when it already was (a redelivered settlement). */
  async settleDisputeRefund(manager: EntityManager, lineId: number, at: Date): Promise<boolean> {
    const rows: { id: number }[] = await manager.query(
      `UPDATE booking_disputes SET refund_settled_at = $2 WHERE line_id = $1 AND refund_settled_at IS NULL RETURNING id`,
      [lineId, at],
    );
    // Postgres answers [rows, count] for an UPDATE through TypeORM's query.
    const updated = Array.isArray(rows[0]) ? (rows[0] as unknown as { id: number }[]) : rows;
    return updated.length > 0;
  }
}
