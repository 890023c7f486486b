import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { BookingStatus, IsoDate, OrderStatus } from '@oficios/domain';
import { DataSource, Not, type EntityManager } from 'typeorm';
import { listParameter, preparedQuery } from '../../database/prepared-query';
import { BookingTransition } from './entities/booking-transition.entity';
import { Booking } from './entities/booking.entity';

/** Who a booking concerns, and where it stands. */
export interface BookingParties {
  id: number;
  orderId: number;
  clientId: number;
  professionalId: number;
  lineStatus: BookingStatus;
}

/** A new booking as the checkout writes it (its id taken ahead by takeIds). */
export type NewBooking = Pick<Booking, 'id' | 'professionalId' | 'days' | 'dates' | 'reservationAmountCents'> & {
  /** Km from the professional's base to the job's place (null or absent: no area, or no place). */
  distanceKm?: number | null;
  /** The cart line's job request (none: no request). */
  jobRequest?: { text: string; imageIds: number[] };
};

/** A job request as its columns store it: no text and no photos is no request (null). */
function jobRequestColumns(request: NewBooking['jobRequest']): { request_text: string | null; request_image_ids: number[] } {
  if (!request || (request.text === '' && request.imageIds.length === 0)) return { request_text: null, request_image_ids: [] };
  return { request_text: request.text, request_image_ids: request.imageIds };
}

/** The booking rows (`bookings`) and their moves (`booking_transitions`); the answers' views are BookingRecordsRepository's. */
@Injectable()
export class BookingsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The client's done bookings with one professional (optionally one booking), newest first: the work that happened. */
  doneBookings(clientId: number, professionalId: number, bookingId: number | undefined): Promise<{ id: number }[]> {
    return this.dataSource.query(
      `SELECT b.id FROM bookings b
       WHERE b.client_id = $1 AND b.professional_id = $2 AND b.line_status = 'done' AND ($3::int IS NULL OR b.id = $3)
       ORDER BY b.created_at DESC, b.id DESC`,
      [clientId, professionalId, bookingId ?? null],
    );
  }

  /** Bookings' parties and statuses (unknown ids are left out). */
  partiesOf(bookingIds: number[]): Promise<BookingParties[]> {
    if (bookingIds.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT id, order_id AS "orderId", client_id AS "clientId", professional_id AS "professionalId", line_status AS "lineStatus"
       FROM bookings WHERE id = ANY($1::int[])`,
      [bookingIds],
    );
  }

  /**
   * Of these client–professional pairs, the ones with a paid booking: one that left awaiting_payment by its payment
   * (still live after it, or refunded or cancelled once paid).
   */
  async paidPairs(pairs: { clientId: number; professionalId: number }[]): Promise<{ clientId: number; professionalId: number }[]> {
    if (pairs.length === 0) return [];
    // Prepared, the lists of known length (listParameter): every message asks it (whether to mask contact details).
    const clients = listParameter(
      pairs.map((pair) => pair.clientId),
      1,
      'int',
    );
    const professionals = listParameter(
      pairs.map((pair) => pair.professionalId),
      1 + clients.values.length,
      'int',
    );
    return preparedQuery(
      this.dataSource.manager,
      `SELECT DISTINCT p.client_id AS "clientId", p.professional_id AS "professionalId"
       FROM unnest(${clients.sql}, ${professionals.sql}) AS p(client_id, professional_id)
       WHERE EXISTS (
         SELECT 1 FROM bookings b
         WHERE b.client_id = p.client_id AND b.professional_id = p.professional_id
           AND (b.line_status IN ('awaiting_professional', 'confirmed', 'done')
                OR EXISTS (SELECT 1 FROM booking_transitions t WHERE t.line_id = b.id AND t.event = 'paid')))`,
      [...clients.values, ...professionals.values],
    );
  }

  /** How many dates the client's bookings awaiting payment hold, over all their orders (prepared: every checkout asks). */
  async unpaidDatesOf(manager: EntityManager, clientId: number): Promise<number> {
    const [row] = await preparedQuery<{ dates: number }>(
      manager,
      `SELECT COALESCE(sum(cardinality(dates)), 0)::int AS dates FROM bookings
       WHERE client_id = $1 AND line_status = 'awaiting_payment'`,
      [clientId],
    );
    return row.dates;
  }

  ofOrder(manager: EntityManager, orderId: number): Promise<Booking[]> {
    return manager.getRepository(Booking).find({ where: { orderId }, order: { id: 'ASC' } });
  }

  /** The orders in which the professional is booked, newest first. */
  async orderIdsOfProfessional(professionalId: number): Promise<number[]> {
    const rows: { orderId: number }[] = await this.dataSource.query(
      `SELECT order_id AS "orderId" FROM bookings WHERE professional_id = $1 GROUP BY order_id ORDER BY max(created_at) DESC, order_id DESC`,
      [professionalId],
    );
    return rows.map((row) => row.orderId);
  }

  /** How many other bookings of the booking's order still await payment. */
  otherUnpaidOf(booking: Pick<Booking, 'id' | 'orderId'>, manager: EntityManager = this.dataSource.manager): Promise<number> {
    return manager
      .getRepository(Booking)
      .count({ where: { orderId: booking.orderId, lineStatus: 'awaiting_payment', id: Not(booking.id) } });
  }

  /**
   * `count` new bookings' ids, taken from their sequence ahead of the insert (the checkout writes them, their holds and
   * events with the COMMIT; an id taken and not used, by a refused checkout, is a gap only).
   */
  async takeIds(manager: EntityManager, count: number): Promise<number[]> {
    const [row] = await preparedQuery<{ ids: number[] }>(
      manager,
      `SELECT ARRAY(SELECT nextval('bookings_id_seq')::int FROM generate_series(1, $1)) AS ids`,
      [count],
    );
    return row.ids;
  }

  /** The bookings of a new order (awaiting payment, with the ids takeIds gave), in one statement that answers nothing. */
  async insertOfOrder(manager: EntityManager, order: { id: number; clientId: number }, bookings: NewBooking[]): Promise<void> {
    await preparedQuery(
      manager,
      `INSERT INTO bookings (id, order_id, client_id, professional_id, days, dates, reservation_amount_cents, job_request_text,
         job_request_image_ids, distance_km)
       SELECT b.id, $1, $2, b.professional_id, b.days, b.dates, b.amount, b.request_text, COALESCE(b.request_image_ids, '{}'), b.distance_km
       FROM jsonb_to_recordset($3::jsonb)
         AS b(id int, professional_id int, days text[], dates date[], amount bigint, request_text text, request_image_ids int[],
              distance_km numeric)`,
      [
        order.id,
        order.clientId,
        JSON.stringify(
          bookings.map((booking) => ({
            id: booking.id,
            professional_id: booking.professionalId,
            days: booking.days,
            dates: booking.dates,
            amount: booking.reservationAmountCents,
            distance_km: booking.distanceKm ?? null,
            ...jobRequestColumns(booking.jobRequest),
          })),
        ),
      ],
    );
  }

  /** Whether one of the professional's bookings carries this job request photo. */
  async carriesJobRequestImage(professionalId: number, imageId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM bookings WHERE professional_id = $1 AND $2 = ANY(job_request_image_ids) LIMIT 1',
      [professionalId, imageId],
    );
    return rows.length > 0;
  }

  /** Which of these job request photos some booking carries. */
  async referencedJobRequestImages(imageIds: number[]): Promise<Set<number>> {
    if (imageIds.length === 0) return new Set();
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT DISTINCT held.id FROM bookings b, unnest(b.job_request_image_ids) AS held(id)
       WHERE b.job_request_image_ids && $1::int[] AND held.id = ANY($1::int[])`,
      [imageIds],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** The order's spec status, copied on each of its bookings (the answers' `status`). */
  async setOrderStatus(manager: EntityManager, orderId: number, status: OrderStatus): Promise<void> {
    await manager.getRepository(Booking).update({ orderId }, { status });
  }

  /** The order of a booking (not locked: bookings never change order); null when the booking is unknown. */
  async orderIdOf(manager: EntityManager, bookingId: number): Promise<number | null> {
    const booking = await manager.getRepository(Booking).findOne({ where: { id: bookingId }, select: { id: true, orderId: true } });
    return booking?.orderId ?? null;
  }

  /** The booking locked for the rest of the transaction (moves of one booking apply one after the other). */
  lock(manager: EntityManager, bookingId: number): Promise<Booking | null> {
    return manager.getRepository(Booking).findOne({ where: { id: bookingId }, lock: { mode: 'pessimistic_write' } });
  }

  async setFields(
    manager: EntityManager,
    bookingId: number,
    fields: Partial<
      Pick<Booking, 'lineStatus' | 'responseDueAt' | 'declineReason' | 'refundedCents' | 'dates' | 'cancelledDates' | 'doneAt'>
    >,
  ): Promise<void> {
    await manager.getRepository(Booking).update({ id: bookingId }, fields);
  }

  async insertTransition(manager: EntityManager, row: Omit<BookingTransition, 'id' | 'createdAt' | 'booking'>): Promise<void> {
    await manager.getRepository(BookingTransition).insert(row);
  }

  /** Paid bookings whose professional has not answered by `now` (the reconciler's sweep). */
  async overdueResponses(now: Date): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM bookings WHERE line_status = 'awaiting_professional' AND response_due_at <= $1 ORDER BY id`,
      [now],
    );
    return rows.map((row) => row.id);
  }

  /** Confirmed bookings whose last date is before `today` (the sweep checks their auto-done instant). */
  async confirmedEndedBefore(today: IsoDate): Promise<{ id: number; lastDate: IsoDate }[]> {
    return this.dataSource.query(
      `SELECT id, dates[array_upper(dates, 1)]::text AS "lastDate" FROM bookings
       WHERE line_status = 'confirmed' AND dates[array_upper(dates, 1)] < $1::date ORDER BY id`,
      [today],
    );
  }

  /** How many confirmed bookings the professional cancelled itself (shown on its profile). */
  async cancelledByProfessional(professionalId: number): Promise<number> {
    const [{ count }]: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM booking_transitions t JOIN bookings b ON b.id = t.line_id
       WHERE b.professional_id = $1 AND t.event = 'professional_cancelled'`,
      [professionalId],
    );
    return count;
  }
}
