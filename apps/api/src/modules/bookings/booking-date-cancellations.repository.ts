import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BookingDateCancellation } from './entities/booking-date-cancellation.entity';

export type NewDateCancellation = Pick<BookingDateCancellation, 'lineId' | 'dates' | 'actor' | 'actorId' | 'refundCents'>;

/** The requests that cancelled some dates of a booking (`booking_date_cancellations`), in the caller's transaction. */
@Injectable()
export class BookingDateCancellationsRepository {
  /** Writes the request; answers its id (the refund's key is made from it and set with setRefundKey). */
  async insert(manager: EntityManager, cancellation: NewDateCancellation): Promise<number> {
    const inserted = await manager.getRepository(BookingDateCancellation).insert({ ...cancellation, refundKey: null });
    return (inserted.identifiers[0] as { id: number }).id;
  }

  async setRefundKey(manager: EntityManager, id: number, refundKey: string): Promise<void> {
    await manager.getRepository(BookingDateCancellation).update({ id }, { refundKey });
  }

  /** Marks the refund of that key settled at `at`; true only the first time (a redelivered settlement answers false). */
  async settleRefund(manager: EntityManager, refundKey: string, at: Date): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `WITH settled AS (
         UPDATE booking_date_cancellations SET refund_settled_at = $2 WHERE refund_key = $1 AND refund_settled_at IS NULL RETURNING id
       )
       SELECT id FROM settled`,
      [refundKey, at],
    );
    return rows.length > 0;
  }
}
