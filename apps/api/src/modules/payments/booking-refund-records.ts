import { Injectable, type OnModuleInit } from '@nestjs/common';
import { refundIdempotencyKey, type Cents } from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { BookingRefunds, type BookingRefundRecord, type RefundRecords, type RefundRequest } from '../bookings';
import { PaymentRefundsRepository } from './payment-refunds.repository';
import { PaymentsRepository } from './payments.repository';

/**
 * The refunds' one record as bookings read and write it (RefundRecords): a booking's refund is written in the
 * booking's transaction, from its order's approved payment, under the key the provider will be asked with; the
 * BookingRefundRequested job then asks the provider.
 */
@Injectable()
export class BookingRefundRecords implements RefundRecords, OnModuleInit {
  constructor(
    private readonly bookingRefunds: BookingRefunds,
    private readonly payments: PaymentsRepository,
    private readonly refunds: PaymentRefundsRepository,
  ) {}

  onModuleInit(): void {
    this.bookingRefunds.attach(this);
  }

  async request(manager: EntityManager, refund: RefundRequest): Promise<void> {
    const payment = await this.payments.findPaidPayment(manager, refund.orderId);
    // Without an approved payment there is nothing to give back from: the job says so, once, for the administrators.
    if (!payment?.providerPaymentId) return;
    await this.refunds.insertOnce(manager, {
      paymentId: payment.id,
      orderId: refund.orderId,
      lineId: refund.bookingId,
      clientId: refund.clientId,
      cause: refund.cause,
      amountCents: refund.amountCents,
      idempotencyKey: refund.idempotencyKey ?? refundIdempotencyKey(refund.bookingId, refund.cause),
    });
  }

  committedCents(bookingId: number, manager?: EntityManager): Promise<Cents> {
    return this.refunds.committedOfBooking(bookingId, manager);
  }

  ofBookings(bookingIds: number[], manager?: EntityManager): Promise<Map<number, BookingRefundRecord[]>> {
    return this.refunds.ofBookings(bookingIds, manager);
  }
}
