import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { IsoDate } from '@oficios/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { listParameter, preparedQuery } from '../../database/prepared-query';

/** A live hold as the calendar shows it. */
export interface LiveHold {
  date: IsoDate;
  lineId: number;
  booked: boolean;
}

/** One (professional, date) of a calendar. */
export interface DateKey {
  professionalId: number;
  date: IsoDate;
}

/** The transaction lock of one (professional, date) `k`: a 64-bit advisory key, the professional and a hash of the date. */
const DATE_LOCK = `pg_advisory_xact_lock(k.professional_id, ('x' || substr(md5(k.date), 1, 8))::bit(32)::int)`;

/** Why a hold was refused: the date is blocked, or someone holds it (which date, unless the database did not say). */
export interface HoldRefusal extends Partial<DateKey> {
  state: 'blocked' | 'taken';
}

/** The SQLSTATE `calendar_refuse_hold` raises (migration HoldRefusals). */
const HOLD_REFUSED = 'OFH01';

/**
 * The refusal an `insertHolds` error carries: its own (`calendar_refuse_hold`), or the live holds' unique index (a
 * hold that skipped `lockDates`), whose detail names the key as `(professional_id, date)=(7, 2026-12-07)` whatever
 * the server's language; null for any other error.
 */
export function holdRefusalOf(error: unknown): HoldRefusal | null {
  const driverError = (error as { driverError?: { code?: string; constraint?: string; detail?: string } })?.driverError;
  if (driverError?.code === HOLD_REFUSED && driverError.detail) return JSON.parse(driverError.detail) as HoldRefusal;
  if (driverError?.code === '23505' && driverError.constraint === 'booking_holds_live_key') {
    const key = /=\((\d+), (\d{4}-\d{2}-\d{2})\)/.exec(driverError.detail ?? '');
    return key ? { state: 'taken', professionalId: Number(key[1]), date: key[2] as IsoDate } : { state: 'taken' };
  }
  return null;
}

/** The one order every transaction takes date locks in (professional, then date). */
const lockOrder = (dates: readonly DateKey[]): DateKey[] =>
  [...dates].sort((a, b) => a.professionalId - b.professionalId || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

/** Holds and blocked dates (`booking_holds`, `blocked_dates`). */
@Injectable()
export class CalendarRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Takes turns on each (professional, date) for the rest of the transaction, in one global order (sorted here, by
   * professional then date), so a block and a hold of the same date never both pass their checks and two checkouts
   * never wait on each other in a circle. One statement, however many dates.
   */
  async lockDates(manager: EntityManager, dates: readonly DateKey[]): Promise<void> {
    const keys = lockOrder(dates);
    if (keys.length === 0) return;
    // A volatile call in the select list runs row by row in the scan's order, which WITH ORDINALITY fixes.
    await preparedQuery(
      manager,
      `SELECT ${DATE_LOCK} FROM unnest($1::int[], $2::text[]) WITH ORDINALITY AS k(professional_id, date, n) ORDER BY k.n`,
      [keys.map((k) => k.professionalId), keys.map((k) => k.date)],
    );
  }

  /**
   * Holds every line's dates in one statement, or none: a date the professional blocked, or one someone holds live,
   * fails the statement (and so its transaction) naming the first such date, blocked ones first, then by date and
   * professional (`holdRefusalOf` reads it). Nothing waits for its answer to decide, so it can go out with the COMMIT.
   * Call under `lockDates` of the same dates: the statement's snapshot then sees every block and hold committed before
   * the locks were granted. The unique index over live holds (`booking_holds_live_key`) stands behind it.
   */
  async insertHolds(manager: EntityManager, holds: readonly { lineId: number; professionalId: number; date: IsoDate }[]): Promise<void> {
    if (holds.length === 0) return;
    await preparedQuery(
      manager,
      `WITH wanted AS (
         SELECT * FROM unnest($1::int[], $2::int[], $3::date[]) AS w(line_id, professional_id, date)
       ), refused AS (
         SELECT 'blocked' AS state, professional_id, date FROM wanted JOIN blocked_dates USING (professional_id, date)
         UNION ALL
         SELECT 'taken', professional_id, date FROM wanted JOIN booking_holds h USING (professional_id, date)
         WHERE h.released_at IS NULL
         ORDER BY 1, 3, 2
         LIMIT 1
       )
       INSERT INTO booking_holds (line_id, professional_id, date)
       SELECT line_id, professional_id, date FROM wanted
       WHERE NOT EXISTS (SELECT 1 FROM refused WHERE calendar_refuse_hold(state, professional_id, date))`,
      [holds.map((h) => h.lineId), holds.map((h) => h.professionalId), holds.map((h) => h.date)],
    );
  }

  /**
   * Releases the line's live holds; answers the professionals whose calendar changed. The UPDATE runs inside a SELECT:
   * TypeORM answers a bare UPDATE ... RETURNING as `[rows, count]`, not as the rows.
   */
  async releaseHolds(manager: EntityManager, lineId: number): Promise<number[]> {
    const rows: { professionalId: number }[] = await manager.query(
      `WITH released AS (
         UPDATE booking_holds SET released_at = now() WHERE line_id = $1 AND released_at IS NULL RETURNING professional_id
       )
       SELECT DISTINCT professional_id AS "professionalId" FROM released`,
      [lineId],
    );
    return rows.map((row) => row.professionalId);
  }

  /** Releases the line's live holds of these dates only (some dates of the booking cancelled); as releaseHolds. */
  async releaseDates(manager: EntityManager, lineId: number, dates: readonly IsoDate[]): Promise<number[]> {
    const rows: { professionalId: number }[] = await manager.query(
      `WITH released AS (
         UPDATE booking_holds SET released_at = now()
         WHERE line_id = $1 AND date = ANY($2::date[]) AND released_at IS NULL RETURNING professional_id
       )
       SELECT DISTINCT professional_id AS "professionalId" FROM released`,
      [lineId, dates],
    );
    return rows.map((row) => row.professionalId);
  }

  /** The line's live holds become booked (it was paid); answers the professionals whose calendar changed. */
  async markBooked(manager: EntityManager, lineId: number): Promise<number[]> {
    const rows: { professionalId: number }[] = await manager.query(
      `WITH booked AS (
         UPDATE booking_holds SET booked_at = now() WHERE line_id = $1 AND released_at IS NULL AND booked_at IS NULL
         RETURNING professional_id
       )
       SELECT DISTINCT professional_id AS "professionalId" FROM booked`,
      [lineId],
    );
    return rows.map((row) => row.professionalId);
  }

  /** The dates of the line's live holds. */
  async liveDatesOfLine(manager: EntityManager, lineId: number): Promise<IsoDate[]> {
    const rows: { date: IsoDate }[] = await manager.query(
      `SELECT date::text AS date FROM booking_holds WHERE line_id = $1 AND released_at IS NULL ORDER BY date`,
      [lineId],
    );
    return rows.map((row) => row.date);
  }

  /** The professional's live holds in [from, to] (served by the live-holds index). */
  async liveHolds(
    professionalId: number,
    from: IsoDate,
    to: IsoDate,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<LiveHold[]> {
    return manager.query(
      `SELECT date::text AS date, line_id AS "lineId", booked_at IS NOT NULL AS booked FROM booking_holds
       WHERE professional_id = $1 AND released_at IS NULL AND date BETWEEN $2::date AND $3::date ORDER BY date`,
      [professionalId, from, to],
    );
  }

  async blockedDates(
    professionalId: number,
    from: IsoDate,
    to: IsoDate,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<IsoDate[]> {
    const rows: { date: IsoDate }[] = await manager.query(
      `SELECT date::text AS date FROM blocked_dates WHERE professional_id = $1 AND date BETWEEN $2::date AND $3::date ORDER BY date`,
      [professionalId, from, to],
    );
    return rows.map((row) => row.date);
  }

  /**
   * The dates in [from, to] each professional blocked or someone holds live, in one read per table. With `lockFirst`
   * (inside a transaction), the same statement first takes `lockDates`'s locks of those dates, in the same order: a
   * checkout of chosen dates saves a round trip. The read's snapshot is older than the locks, so what it answers is
   * for choosing dates only; `insertHolds`, a later statement, is what checks under the locks.
   */
  async unavailableDatesOf(
    professionalIds: number[],
    from: IsoDate,
    to: IsoDate,
    manager: EntityManager = this.dataSource.manager,
    lockFirst: readonly DateKey[] = [],
  ): Promise<{ professionalId: number; date: IsoDate; blocked: boolean }[]> {
    const keys = lockOrder(lockFirst);
    const ids = listParameter(professionalIds, keys.length > 0 ? 5 : 3, 'int');
    const unavailable = `SELECT professional_id AS "professionalId", date::text AS date, true AS blocked FROM blocked_dates
       WHERE professional_id = ANY(${ids.sql}) AND date BETWEEN $1::date AND $2::date
       UNION ALL
       SELECT professional_id, date::text, false FROM booking_holds
       WHERE professional_id = ANY(${ids.sql}) AND released_at IS NULL AND date BETWEEN $1::date AND $2::date`;
    if (keys.length === 0) return preparedQuery(manager, unavailable, [from, to, ...ids.values]);
    // An uncorrelated condition is a one-time filter: its subquery (the locks, in the array's order) runs once,
    // before either table is read, however many rows they hold.
    return preparedQuery(
      manager,
      `SELECT * FROM (${unavailable}) unavailable
       WHERE (SELECT count(${DATE_LOCK}) FROM unnest($3::int[], $4::text[]) AS k(professional_id, date)) >= 0`,
      [from, to, keys.map((k) => k.professionalId), keys.map((k) => k.date), ...ids.values],
    );
  }

  async block(manager: EntityManager, professionalId: number, date: IsoDate): Promise<void> {
    await manager.query(`INSERT INTO blocked_dates (professional_id, date) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [professionalId, date]);
  }

  async unblock(manager: EntityManager, professionalId: number, date: IsoDate): Promise<void> {
    await manager.query(`DELETE FROM blocked_dates WHERE professional_id = $1 AND date = $2`, [professionalId, date]);
  }
}
