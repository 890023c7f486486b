import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { IsoDate } from '@oficios/domain';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';

/** A live hold as the calendar shows it. */
export interface LiveHold {
  date: IsoDate;
  lineId: number;
  booked: boolean;
}

/** The (professional, date) a unique violation of the live-holds index names, from Postgres' detail text. */
export function takenDateOf(error: unknown): IsoDate | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driverError = error.driverError as { constraint?: string; detail?: string };
  if (driverError?.constraint !== 'booking_holds_live_key') return null;
  return /=\(\d+, (\d{4}-\d{2}-\d{2})\)/.exec(driverError.detail ?? '')?.[1] ?? '';
}

/** Holds and blocked dates (`booking_holds`, `blocked_dates`). */
@Injectable()
export class CalendarRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Takes turns on each (professional, date) for the rest of the transaction, in one global order (callers pass them
   * sorted), so a block and a hold of the same date never both pass their checks.
   */
  async lockDates(manager: EntityManager, professionalId: number, dates: IsoDate[]): Promise<void> {
    for (const date of dates) {
      await manager.query(`SELECT pg_advisory_xact_lock($1::int, ('x' || substr(md5($2::text), 1, 8))::bit(32)::int)`, [
        professionalId,
        date,
      ]);
    }
  }

  /**
   * Inserts the line's holds; answers null, or the date someone else holds live (it breaks `booking_holds_live_key`).
   * A savepoint keeps the caller's transaction usable until its 409 rolls it back whole.
   */
  async insertHolds(manager: EntityManager, lineId: number, professionalId: number, dates: IsoDate[]): Promise<IsoDate | null> {
    await manager.query('SAVEPOINT booking_holds');
    try {
      await manager.query(`INSERT INTO booking_holds (line_id, professional_id, date) SELECT $1, $2, d FROM unnest($3::date[]) AS d`, [
        lineId,
        professionalId,
        dates,
      ]);
      await manager.query('RELEASE SAVEPOINT booking_holds');
      return null;
    } catch (error) {
      const taken = takenDateOf(error);
      if (taken === null) throw error;
      await manager.query('ROLLBACK TO SAVEPOINT booking_holds');
      return taken;
    }
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

  /** The dates in [from, to] each professional blocked or someone holds live, in one read per table. */
  async unavailableDatesOf(
    professionalIds: number[],
    from: IsoDate,
    to: IsoDate,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ professionalId: number; date: IsoDate; blocked: boolean }[]> {
    return manager.query(
      `SELECT professional_id AS "professionalId", date::text AS date, true AS blocked FROM blocked_dates
       WHERE professional_id = ANY($1::int[]) AND date BETWEEN $2::date AND $3::date
       UNION ALL
       SELECT professional_id, date::text, false FROM booking_holds
       WHERE professional_id = ANY($1::int[]) AND released_at IS NULL AND date BETWEEN $2::date AND $3::date`,
      [professionalIds, from, to],
    );
  }

  async block(manager: EntityManager, professionalId: number, date: IsoDate): Promise<void> {
    await manager.query(`INSERT INTO blocked_dates (professional_id, date) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [professionalId, date]);
  }

  async unblock(manager: EntityManager, professionalId: number, date: IsoDate): Promise<void> {
    await manager.query(`DELETE FROM blocked_dates WHERE professional_id = $1 AND date = $2`, [professionalId, date]);
  }
}
