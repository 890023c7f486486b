import { Injectable } from '@nestjs/common';
import type { Cents, RefundCause, RefundStatus } from '@oficios/domain';
import type { EntityManager } from 'typeorm';

/** A booking's refund as its client and the panel follow it. */
export interface BookingRefundRecord {
  cause: RefundCause;
  amountCents: Cents;
  status: RefundStatus;
  requestedAt: Date;
  /** When it was approved (null while requested, or failed). */
  settledAt: Date | null;
}

/** A refund a booking asks for. */
export interface RefundRequest {
  bookingId: number;
  orderId: number;
  clientId: number;
  cause: RefundCause;
  amountCents: Cents;
  /** The provider's key; by default the booking's exit key (refundIdempotencyKey), a date cancellation brings its own. */
  idempotencyKey?: string;
}

/**
 * The record of refunds is payments' (one row per refund, with the provider's side); payments attaches it here at
 * start-up, since it sits above bookings: the request is written in the booking's transaction, counted in its lock.
 */
export interface RefundRecords {
  request(manager: EntityManager, refund: RefundRequest): Promise<void>;
  /** What the booking's refunds have given back or are giving back: every one asked for it and not failed. */
  committedCents(bookingId: number, manager?: EntityManager): Promise<Cents>;
  ofBookings(bookingIds: number[], manager?: EntityManager): Promise<Map<number, BookingRefundRecord[]>>;
}

/** Bookings' door to the refunds' record (see RefundRecords). */
@Injectable()
export class BookingRefunds implements RefundRecords {
  private records: RefundRecords | null = null;

  attach(records: RefundRecords): void {
    this.records = records;
  }

  private get attached(): RefundRecords {
    if (!this.records) throw new Error('BookingRefunds: the payments module is not attached');
    return this.records;
  }

  request(manager: EntityManager, refund: RefundRequest): Promise<void> {
    return this.attached.request(manager, refund);
  }

  committedCents(bookingId: number, manager?: EntityManager): Promise<Cents> {
    return this.attached.committedCents(bookingId, manager);
  }

  ofBookings(bookingIds: number[], manager?: EntityManager): Promise<Map<number, BookingRefundRecord[]>> {
    return bookingIds.length === 0 ? Promise.resolve(new Map()) : this.attached.ofBookings(bookingIds, manager);
  }
}
