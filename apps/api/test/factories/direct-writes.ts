import type { DataSource } from 'typeorm';
import { User } from '../../src/modules/identity/entities/user.entity';
import { LineRefund } from '../../src/modules/orders/entities/line-refund.entity';
import { Order } from '../../src/modules/orders/entities/order.entity';

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

    /** A refund the booking's record asks for, as the database sees it written. */
    async insertBookingRefund(bookingId: number, cause: LineRefund['cause'], amountCents: number): Promise<void> {
      await dataSource.getRepository(LineRefund).insert({ lineId: bookingId, cause, amountCents });
    },

    async setBookingRefundStatus(bookingId: number, cause: LineRefund['cause'], status: LineRefund['status']): Promise<void> {
      await dataSource.getRepository(LineRefund).update({ lineId: bookingId, cause }, { status });
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
