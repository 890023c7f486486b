import {
  BOOKING_DEFAULTS,
  DAYS,
  daysOfDates,
  formatMoney,
  orderStatusOfBookings,
  refundIdempotencyKey,
  nextBookableDateOf,
  queuesOfRow,
  type BookingStatus,
  type Day,
  type IsoDate,
  type OrderStatus,
} from '@oficios/domain';
import { randomUUID } from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const LIVE: BookingStatus[] = ['awaiting_payment', 'awaiting_professional', 'confirmed'];
const REQUEST_ID = 'migration:DatedOnly1765500000001';

interface Undated {
  id: number;
  professionalId: number;
  clientId: number;
  days: string[];
}

/**
 * Every booking and cart line is dated from here on: each live booking or cart line saved with weekday names only
 * (from before dates existed) gets each weekday's next bookable date, by the professional's rules as they are now.
 * One that cannot be dated is taken out and its client told: a cart line leaves the cart; an unpaid booking expires;
 * a paid one is cancelled and refunded in full. Irreversible (the weekday names stay in `days`, as the spec shows them).
 */
export class DatedOnly1765500000001 implements MigrationInterface {
  name = 'DatedOnly1765500000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const bookings: (Undated & { orderId: number; status: BookingStatus; amountCents: string })[] = await queryRunner.query(
      `SELECT id, order_id AS "orderId", client_id AS "clientId", professional_id AS "professionalId", days,
              line_status AS status, reservation_amount_cents::text AS "amountCents"
       FROM bookings WHERE cardinality(dates) = 0 AND cardinality(days) > 0 AND line_status = ANY($1::booking_status[]) ORDER BY id`,
      [LIVE],
    );
    const lines: (Undated & { cartId: number })[] = await queryRunner.query(
      `SELECT d.id, d.cart_id AS "cartId", c.client_id AS "clientId", d.professional_id AS "professionalId", d.days
       FROM cart_details d JOIN carts c ON c.id = d.cart_id WHERE cardinality(d.dates) = 0 AND cardinality(d.days) > 0 ORDER BY d.id`,
    );
    if (bookings.length === 0 && lines.length === 0) return;
    const datesOf = await this.dater(queryRunner, [...bookings, ...lines]);
    const touchedOrders = new Set<number>();
    for (const booking of bookings) {
      const dates = datesOf(booking);
      if (dates) {
        await queryRunner.query(`UPDATE bookings SET dates = $2::date[], days = $3 WHERE id = $1`, [booking.id, dates, daysOfDates(dates)]);
        await queryRunner.query(
          `INSERT INTO booking_holds (line_id, professional_id, date, booked_at)
           SELECT $1, $2, d, CASE WHEN $4 THEN now() END FROM unnest($3::date[]) AS d`,
          [booking.id, booking.professionalId, dates, booking.status !== 'awaiting_payment'],
        );
        continue;
      }
      touchedOrders.add(booking.orderId);
      const paid = booking.status !== 'awaiting_payment';
      const to: BookingStatus = paid ? 'cancelled_by_admin' : 'expired';
      await queryRunner.query(`UPDATE bookings SET line_status = $2 WHERE id = $1`, [booking.id, to]);
      await queryRunner.query(
        `INSERT INTO booking_transitions (line_id, event, actor, from_status, to_status, note) VALUES ($1, $2, 'system', $3, $4, $5)`,
        [booking.id, paid ? 'admin_cancelled' : 'payment_window_passed', booking.status, to, 'Reserva sin fechas: no quedaba un día libre'],
      );
      const message = paid
        ? `Tu reserva #${booking.id} no tenía fechas y el profesional ya no tiene esos días libres: la cancelamos y te devolvemos ${formatMoney(Number(booking.amountCents))}`
        : `Tu reserva #${booking.id} no tenía fechas y el profesional ya no tiene esos días libres: la quitamos de tu compra`;
      await this.notify(queryRunner, booking.clientId, message, { orderId: booking.orderId, lineId: booking.id });
      if (paid) await this.refundInFull(queryRunner, booking);
    }
    for (const orderId of touchedOrders) await this.orderFollows(queryRunner, orderId);
    for (const line of lines) {
      const dates = datesOf(line);
      if (dates) {
        await queryRunner.query(`UPDATE cart_details SET dates = $2::date[], days = $3 WHERE id = $1`, [
          line.id,
          dates,
          daysOfDates(dates),
        ]);
        continue;
      }
      await queryRunner.query(`DELETE FROM cart_details WHERE id = $1`, [line.id]);
      await this.notify(
        queryRunner,
        line.clientId,
        'Quitamos de tu carrito un profesional elegido por días de la semana: ya no tiene esos días libres. Elige fechas nuevas en su calendario.',
        { professionalId: line.professionalId },
      );
    }
  }

  /** Nothing to undo: the dates given stand (the weekday names were kept). */
  async down(): Promise<void> {}

  /** Each weekday's next bookable date for the professional, none chosen twice; null when any has none. */
  private async dater(queryRunner: QueryRunner, undated: Undated[]): Promise<(line: Undated) => IsoDate[] | null> {
    const ids = [...new Set(undated.map((line) => line.professionalId))];
    const pros: { id: number; availableDays: Day[] }[] = await queryRunner.query(
      `SELECT id, available_days AS "availableDays" FROM professionals WHERE id = ANY($1::int[])`,
      [ids],
    );
    const taken = await this.datesBy(
      queryRunner,
      `SELECT professional_id AS id, date::text FROM booking_holds WHERE released_at IS NULL AND professional_id = ANY($1::int[])`,
      ids,
    );
    const blocked = await this.datesBy(
      queryRunner,
      `SELECT professional_id AS id, date::text FROM blocked_dates WHERE professional_id = ANY($1::int[])`,
      ids,
    );
    const available = new Map(pros.map((pro) => [pro.id, pro.availableDays]));
    return (line) => {
      const rules = {
        now: new Date(),
        timeZone: BOOKING_DEFAULTS.timeZone,
        availableDays: available.get(line.professionalId) ?? [],
        blocked: blocked.get(line.professionalId) ?? [],
        taken: taken.get(line.professionalId) ?? [],
      };
      const dates: IsoDate[] = [];
      for (const day of line.days.filter((name): name is Day => (DAYS as readonly string[]).includes(name))) {
        const date = nextBookableDateOf(day, { ...rules, taken: [...rules.taken, ...dates] });
        if (!date) return null;
        dates.push(date);
      }
      if (dates.length === 0) return null;
      // Later lines of the same professional see these dates as taken.
      taken.set(line.professionalId, [...rules.taken, ...dates]);
      return dates.sort();
    };
  }

  private async datesBy(queryRunner: QueryRunner, sql: string, ids: number[]): Promise<Map<number, IsoDate[]>> {
    const rows: { id: number; date: IsoDate }[] = await queryRunner.query(sql, [ids]);
    const byId = new Map<number, IsoDate[]>();
    for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row.date]);
    return byId;
  }

  private async notify(queryRunner: QueryRunner, userId: number, message: string, data: Record<string, unknown>): Promise<void> {
    await queryRunner.query(`INSERT INTO notifications (user_id, kind, message, data) VALUES ($1, 'booking-undated', $2, $3)`, [
      userId,
      message,
      JSON.stringify(data),
    ]);
  }

  /** What is left of a paid booking goes back, as a cancellation's refund would (payments refunds it once). */
  private async refundInFull(queryRunner: QueryRunner, booking: { id: number; orderId: number; clientId: number; amountCents: string }) {
    const [{ committed }]: { committed: string }[] = await queryRunner.query(
      `SELECT COALESCE(sum(amount_cents), 0)::text AS committed FROM booking_refunds WHERE line_id = $1 AND status <> 'failed'`,
      [booking.id],
    );
    const amountCents = Number(booking.amountCents) - Number(committed);
    if (amountCents <= 0) return;
    await queryRunner.query(
      `INSERT INTO booking_refunds (line_id, cause, amount_cents) VALUES ($1, 'admin_cancelled', $2) ON CONFLICT (line_id, cause) DO NOTHING`,
      [booking.id, amountCents],
    );
    await this.event(queryRunner, 'BookingRefundRequested', {
      lineId: booking.id,
      orderId: booking.orderId,
      clientId: booking.clientId,
      amountCents,
      cause: 'admin_cancelled',
      idempotencyKey: refundIdempotencyKey(booking.id, 'admin_cancelled'),
    });
  }

  /** The order's status follows its bookings, as OrderTransitions writes it. */
  private async orderFollows(queryRunner: QueryRunner, orderId: number): Promise<void> {
    const [order]: { clientId: number; status: OrderStatus }[] = await queryRunner.query(
      `SELECT client_id AS "clientId", status FROM orders WHERE id = $1`,
      [orderId],
    );
    const statuses: { status: BookingStatus }[] = await queryRunner.query(
      `SELECT line_status AS status FROM bookings WHERE order_id = $1`,
      [orderId],
    );
    const to = orderStatusOfBookings(statuses.map((row) => row.status));
    if (to === order.status) return;
    await queryRunner.query(`UPDATE orders SET status = $2, updated_at = now() WHERE id = $1`, [orderId, to]);
    await queryRunner.query(`UPDATE bookings SET status = $2 WHERE order_id = $1`, [orderId, to]);
    await queryRunner.query(
      `INSERT INTO order_status_changes (order_id, from_status, to_status, changed_by, reason) VALUES ($1, $2, $3, NULL, 'line-changed')`,
      [orderId, order.status, to],
    );
    await this.event(queryRunner, 'OrderStatusChanged', {
      orderId,
      clientId: order.clientId,
      from: order.status,
      to,
      changedBy: null,
      reason: 'line-changed',
    });
  }

  /** An outbox row the relay sends like any other. */
  private async event(queryRunner: QueryRunner, type: 'BookingRefundRequested' | 'OrderStatusChanged', payload: object): Promise<void> {
    await queryRunner.query(`INSERT INTO outbox_events (id, type, payload, request_id, unfinished_queues) VALUES ($1, $2, $3, $4, $5)`, [
      randomUUID(),
      type,
      JSON.stringify(payload),
      REQUEST_ID,
      queuesOfRow(type),
    ]);
  }
}
