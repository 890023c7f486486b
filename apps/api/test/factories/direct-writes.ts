import type { DataSource } from 'typeorm';
import { User } from '../../src/modules/identity/entities/user.entity';
import type { RefundCause, RefundStatus } from '@oficios/domain';
import { Booking } from '../../src/modules/bookings/entities/booking.entity';
import { Professional } from '../../src/modules/catalog/entities/professional.entity';
import { Order } from '../../src/modules/orders/entities/order.entity';
import { PaymentRefund } from '../../src/modules/payments/entities/payment-refund.entity';
import { Payment } from '../../src/modules/payments/entities/payment.entity';

/**
 * Rows written straight through the entities' repositories, as no route writes them: for tests of what the database
 * itself refuses or does (its constraints and triggers), whoever writes.
 */
export function directWrites(dataSource: DataSource) {
  return {
    /** An order row of its own (no lines, no holds): what the open-order key of its cart must refuse twice. */
    async insertOrder(fields: { clientId: number; cartId: number; amountCents: number; status: 'creada' | 'cancelada' }): Promise<void> {
      await dataSource.getRepository(Order).insert(fields);
    },

    /** Every order made from the cart moves to `status`. */
    async setStatusOfCartOrders(cartId: number, status: 'creada' | 'cancelada'): Promise<void> {
      await dataSource.getRepository(Order).update({ cartId }, { status });
    },

    /** A refund of the booking from its order's approved payment, as the database sees it written. */
    async insertBookingRefund(bookingId: number, cause: RefundCause, amountCents: number): Promise<void> {
      const booking = await dataSource.getRepository(Booking).findOneByOrFail({ id: bookingId });
      const payment = await dataSource.getRepository(Payment).findOneByOrFail({ orderId: booking.orderId, status: 'approved' });
      await dataSource.getRepository(PaymentRefund).insert({
        paymentId: payment.id,
        orderId: booking.orderId,
        lineId: bookingId,
        clientId: booking.clientId,
        cause,
        amountCents,
        idempotencyKey: `test-${bookingId}-${cause}-${amountCents}`,
      });
    },

    async setBookingRefundStatus(bookingId: number, cause: RefundCause, status: RefundStatus): Promise<void> {
      await dataSource.getRepository(PaymentRefund).update({ lineId: bookingId, cause }, { status });
    },

    /**
     * The professional's service area as its row holds it (null: none), written as an editor would leave it: for the
     * suites about who may book whom, whatever screen the area is edited on.
     */
    async setServiceArea(
      professionalId: number,
      area: { localityId: string; radiusKm: number; extraLocalityIds?: string[]; excludedLocalityIds?: string[] } | null,
    ): Promise<void> {
      await dataSource.getRepository(Professional).update(
        { id: professionalId },
        {
          areaLocalityId: area?.localityId ?? null,
          areaRadiusKm: area?.radiusKm ?? null,
          areaExtraLocalityIds: area?.extraLocalityIds ?? [],
          areaExcludedLocalityIds: area?.excludedLocalityIds ?? [],
        },
      );
    },

    /** Changes an account's row (type, address, e-mail, password...) as an operator's statement would. */
    async updateUser(
      id: number,
      fields: Partial<Pick<User, 'type' | 'address' | 'email' | 'passwordHash' | 'google' | 'authId'>>,
    ): Promise<void> {
      await dataSource.getRepository(User).update({ id }, fields);
    },
  };
}
