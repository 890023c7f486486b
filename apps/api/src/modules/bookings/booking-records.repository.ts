import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Cents, Day, IsoDate, BookingStatus, OrderStatus } from '@oficios/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { centsFromDb } from '../../common/cents.transformer';
import { preparedQuery } from '../../database/prepared-query';
import type { BookingRefundRecord } from './booking-refunds';
import { disputeRecord, type DisputeRecord } from './disputes.repository';

/** A booking as stored (its amount in cents), before the answers show it in pesos with the professional. */
export interface BookingRecord {
  id: number;
  orderId: number;
  clientId: number;
  professionalId: number;
  days: Day[];
  reservationAmountCents: Cents;
  createdAt: string;
  /** The order's spec status. */
  status: OrderStatus;
  dates: IsoDate[];
  cancelledDates: IsoDate[];
  lineStatus: BookingStatus;
  responseDueAt: string | null;
  declineReason: string | null;
  refundedCents: Cents;
  /** Its refunds, oldest first: payments' record, which BookingViews adds (empty as read here). */
  refunds: BookingRefundRecord[];
  dispute: DisputeRecord | null;
  /** The client's job request as copied at checkout (null text and no photos: none). */
  jobRequestText: string | null;
  jobRequestImageIds: number[];
  /** Km from the professional's base to the job's place when booked (null: no area or no place). */
  distanceKm: number | null;
}

const DISPUTE_JSON = `json_build_object('id', ld.id, 'lineId', ld.line_id, 'status', ld.status, 'reason', ld.reason,
  'professionalAnswer', ld.professional_answer, 'resolution', ld.resolution, 'refundCents', ld.refund_cents,
  'adminNote', ld.admin_note, 'createdAt', ld.created_at, 'resolvedAt', ld.resolved_at)`;

const BOOKING_COLUMNS = `b.id, b.order_id AS "orderId", b.client_id AS "clientId",
  b.professional_id AS "professionalId", b.days, b.reservation_amount_cents AS "reservationAmountCents",
  b.created_at AS "createdAt", b.status, b.dates::text[] AS dates, b.cancelled_dates::text[] AS "cancelledDates", b.line_status AS "lineStatus",
  b.response_due_at AS "responseDueAt", b.decline_reason AS "declineReason", b.refunded_cents AS "refundedCents",
  (SELECT ${DISPUTE_JSON} FROM booking_disputes ld WHERE ld.line_id = b.id) AS dispute,
  b.job_request_text AS "jobRequestText", b.job_request_image_ids AS "jobRequestImageIds", b.distance_km::float8 AS "distanceKm"`;

/** Postgres hands bigint back as a string (a number inside json): both become numbers of cents. */
const bookingRecord = (row: BookingRecord): BookingRecord => ({
  ...row,
  dispute: row.dispute ? disputeRecord(row.dispute) : null,
  refunds: [],
  reservationAmountCents: centsFromDb(row.reservationAmountCents),
  refundedCents: centsFromDb(row.refundedCents),
  responseDueAt: row.responseDueAt === null ? null : new Date(row.responseDueAt).toISOString(),
});

/** Bookings as the answers show them (read only): each with its dispute (its refunds are payments', added by BookingViews). */
@Injectable()
export class BookingRecordsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The bookings of these orders (only the professional's, when given), by id; inside a transaction when given its
   * `manager`. Prepared: every event about an order reads its bookings.
   */
  async ofOrders(orderIds: number[], professionalId: number | null = null, manager: EntityManager = this.dataSource.manager) {
    if (orderIds.length === 0) return [];
    const rows = await preparedQuery<BookingRecord>(
      manager,
      `SELECT ${BOOKING_COLUMNS} FROM bookings b
       WHERE b.order_id = ANY($1::int[]) AND ($2::int IS NULL OR b.professional_id = $2) ORDER BY b.id`,
      [orderIds, professionalId],
    );
    return rows.map(bookingRecord);
  }

  /** Bookings of a client (`by: 'client'`) or of a professional, newest first. */
  async of(by: 'client' | 'professional', id: number): Promise<BookingRecord[]> {
    const column = by === 'client' ? 'client_id' : 'professional_id';
    const rows: BookingRecord[] = await this.dataSource.query(
      `SELECT ${BOOKING_COLUMNS} FROM bookings b WHERE b.${column} = $1 ORDER BY b.created_at DESC, b.id DESC`,
      [id],
    );
    return rows.map(bookingRecord);
  }

  /** One booking as the answers show it. */
  async one(bookingId: number): Promise<BookingRecord | null> {
    const rows: BookingRecord[] = await this.dataSource.query(`SELECT ${BOOKING_COLUMNS} FROM bookings b WHERE b.id = $1`, [bookingId]);
    return rows[0] ? bookingRecord(rows[0]) : null;
  }
}
