import type { BookingStatus, OrderStatus } from '@oficios/domain';
import { In, IsNull, JsonContains, Not, type DataSource, type EntityTarget, type FindOptionsWhere, type ObjectLiteral } from 'typeorm';
import { IdempotencyKey } from '../../src/common/idempotency/entities/idempotency-key.entity';
import { BlockedDate } from '../../src/modules/calendar/entities/blocked-date.entity';
import { BookingHold } from '../../src/modules/calendar/entities/booking-hold.entity';
import { CartDetail } from '../../src/modules/cart/entities/cart-detail.entity';
import { Cart } from '../../src/modules/cart/entities/cart.entity';
import { Profession } from '../../src/modules/catalog/entities/profession.entity';
import { Professional } from '../../src/modules/catalog/entities/professional.entity';
import { Message } from '../../src/modules/conversations/entities/message.entity';
import { User } from '../../src/modules/identity/entities/user.entity';
import { JobRequestImage } from '../../src/modules/job-requests/entities/job-request-image.entity';
import { UserSession } from '../../src/modules/identity/sessions/entities/user-session.entity';
import { Notification } from '../../src/modules/notifications/entities/notification.entity';
import { BookingDispute } from '../../src/modules/bookings/entities/booking-dispute.entity';
import { BookingTransition } from '../../src/modules/bookings/entities/booking-transition.entity';
import { Booking } from '../../src/modules/bookings/entities/booking.entity';
import { Order, OrderPaymentAlert, OrderStatusChange } from '../../src/modules/orders/entities/order.entity';
import { OutboxEvent } from '../../src/modules/outbox/entities/outbox-event.entity';
import { PaymentRefund } from '../../src/modules/payments/entities/payment-refund.entity';
import { Payment } from '../../src/modules/payments/entities/payment.entity';
import { Review } from '../../src/modules/reviews/entities/review.entity';

/** A booking (one professional, its dates, its life) as the tests read it. */
export interface BookingRecord {
  id: number;
  orderId: number;
  clientId: number;
  professionalId: number;
  lineStatus: BookingStatus;
  /** The spec's order status of the booking. */
  status: OrderStatus;
  days: string[];
  dates: string[];
  reservationAmountCents: number;
  refundedCents: number;
  doneAt: Date | null;
  responseDueAt: Date | null;
  declineReason: string | null;
  /** Km from the professional's base to the job's place when booked (null: no area, or no place). */
  distanceKm: number | null;
}

/** One move of a booking's life (who moved it, from what, to what). */
export interface BookingMove {
  event: string;
  actor: string;
  actorId: number | null;
  fromStatus: BookingStatus;
  toStatus: BookingStatus;
}

/** A booking's refund as recorded (what was asked for it, by cause): payments' one record of refunds. */
export interface BookingRefundRecord {
  cause: string;
  amountCents: number;
  status: string;
}

const bookingRecord = (row: Booking): BookingRecord => ({
  id: row.id,
  orderId: row.orderId,
  clientId: row.clientId,
  professionalId: row.professionalId,
  lineStatus: row.lineStatus,
  status: row.status,
  days: row.days,
  dates: row.dates,
  reservationAmountCents: row.reservationAmountCents,
  refundedCents: row.refundedCents,
  doneAt: row.doneAt,
  responseDueAt: row.responseDueAt,
  declineReason: row.declineReason,
  distanceKm: row.distanceKm,
});

/**
 * What the tests read back to assert on: every row through the repository of the entity its module declares, never
 * through SQL, so a renamed table or column is fixed here, once. Also for a bare migrated database (no app).
 */
export class Records {
  constructor(readonly dataSource: DataSource) {}

  private repository<T extends ObjectLiteral>(entity: EntityTarget<T>) {
    return this.dataSource.getRepository(entity);
  }

  // Accounts

  users(where: FindOptionsWhere<User> = {}): Promise<User[]> {
    return this.repository(User).find({ where, order: { id: 'ASC' } });
  }

  async user(id: number): Promise<User> {
    return this.repository(User).findOneByOrFail({ id });
  }

  async userByEmail(email: string): Promise<User | null> {
    return this.repository(User).findOneBy({ email });
  }

  /** The account's stored password hash (never part of an answer). */
  async passwordHashOf(where: FindOptionsWhere<User>): Promise<string | null> {
    const user = await this.repository(User).findOne({ where, select: { id: true, passwordHash: true }, order: { id: 'ASC' } });
    return user?.passwordHash ?? null;
  }

  countUsers(where: FindOptionsWhere<User> = {}): Promise<number> {
    return this.repository(User).countBy(where);
  }

  /** Accounts other than administrators that can sign in with a password. */
  countUsersWithPassword(where: FindOptionsWhere<User> = {}): Promise<number> {
    return this.repository(User).countBy({ ...where, passwordHash: Not(IsNull()) });
  }

  async administratorId(): Promise<number> {
    return (await this.repository(User).findOneOrFail({ where: { type: 'administrador' }, order: { id: 'ASC' } })).id;
  }

  async firstProfessionalId(): Promise<number> {
    return (await this.repository(User).findOneOrFail({ where: { type: 'profesional' }, order: { id: 'ASC' } })).id;
  }

  sessions(ids: string[]): Promise<UserSession[]> {
    return this.repository(UserSession).findBy({ id: In(ids) });
  }

  /** The job request photos of these ids still stored, by id. */
  jobRequestImages(ids: number[]): Promise<JobRequestImage[]> {
    return this.repository(JobRequestImage).find({ where: { id: In(ids) }, order: { id: 'ASC' } });
  }

  idempotencyKeys(where: FindOptionsWhere<IdempotencyKey>): Promise<IdempotencyKey[]> {
    return this.repository(IdempotencyKey).findBy(where);
  }

  // The catalogue

  professionals(): Promise<Professional[]> {
    return this.repository(Professional).find({ order: { id: 'ASC' } });
  }

  professional(id: number): Promise<Professional> {
    return this.repository(Professional).findOneByOrFail({ id });
  }

  /** Professionals with the professions they hold (the join table), by id. */
  professionalsWithProfessions(): Promise<Professional[]> {
    return this.repository(Professional).find({ relations: { professions: true }, order: { id: 'ASC', professions: { id: 'ASC' } } });
  }

  /** The professions a professional is listed with, as the catalogue keeps them beside its row. */
  async listedProfessionsOf(id: number): Promise<{ id: number; name: string }[]> {
    const row = await this.repository(Professional).findOneOrFail({ where: { id }, select: { id: true, listedProfessions: true } });
    return row.listedProfessions ?? [];
  }

  async professionalIds(take: number, skip = 0): Promise<number[]> {
    const rows = await this.repository(Professional).find({ select: { id: true }, order: { id: 'ASC' }, take, skip });
    return rows.map((row) => row.id);
  }

  professions(): Promise<Profession[]> {
    return this.repository(Profession).find({ order: { id: 'ASC' } });
  }

  countProfessions(): Promise<number> {
    return this.repository(Profession).count();
  }

  /** Cart lines, oldest first. */
  cartDetails(): Promise<CartDetail[]> {
    return this.repository(CartDetail).find({ order: { id: 'ASC' } });
  }

  carts(): Promise<Cart[]> {
    return this.repository(Cart).find({ order: { id: 'ASC' } });
  }

  reviews(where: FindOptionsWhere<Review> = {}): Promise<Review[]> {
    return this.repository(Review).find({ where, order: { id: 'ASC' } });
  }

  countReviews(where: FindOptionsWhere<Review> = {}): Promise<number> {
    return this.repository(Review).countBy(where);
  }

  // Orders and their bookings

  orders(where: FindOptionsWhere<Order> = {}): Promise<Order[]> {
    return this.repository(Order).find({ where, order: { id: 'ASC' } });
  }

  order(id: number): Promise<Order | null> {
    return this.repository(Order).findOneBy({ id });
  }

  countOrders(): Promise<number> {
    return this.repository(Order).count();
  }

  /** The newest cart any order was made from. */
  async newestOrderCartId(): Promise<number | null> {
    const [newest] = await this.repository(Order).find({ where: { cartId: Not(IsNull()) }, order: { cartId: 'DESC' }, take: 1 });
    return newest?.cartId ?? null;
  }

  /** Every change of the order's status, oldest first (of every order when none is named). */
  orderStatusChanges(orderId?: number): Promise<OrderStatusChange[]> {
    return this.repository(OrderStatusChange).find({
      where: orderId === undefined ? {} : { orderId },
      order: { orderId: 'ASC', id: 'ASC' },
    });
  }

  /** The administrators' alerts about an order's payments. */
  paymentAlerts(where: FindOptionsWhere<OrderPaymentAlert> = {}): Promise<OrderPaymentAlert[]> {
    return this.repository(OrderPaymentAlert).find({ where, order: { id: 'ASC' } });
  }

  async booking(id: number): Promise<BookingRecord> {
    return bookingRecord(await this.repository(Booking).findOneByOrFail({ id }));
  }

  /** The bookings of an order (or every booking), by id. */
  async bookings(where: { orderId?: number; clientId?: number } = {}): Promise<BookingRecord[]> {
    return (await this.repository(Booking).find({ where, order: { id: 'ASC' } })).map(bookingRecord);
  }

  /** The first booking of an order. */
  async bookingOf(orderId: number): Promise<BookingRecord> {
    const [first] = await this.bookings({ orderId });
    if (!first) throw new Error(`order ${orderId} has no booking`);
    return first;
  }

  /** Every move of a booking's life, oldest first. */
  async bookingMoves(bookingId: number): Promise<BookingMove[]> {
    const rows = await this.repository(BookingTransition).find({ where: { lineId: bookingId }, order: { id: 'ASC' } });
    return rows.map(({ event, actor, actorId, fromStatus, toStatus }) => ({ event, actor, actorId, fromStatus, toStatus }));
  }

  /** What the booking records of its refunds (one per cause). */
  async bookingRefundRecords(bookingId: number): Promise<BookingRefundRecord[]> {
    const rows = await this.repository(PaymentRefund).find({ where: { lineId: bookingId }, order: { id: 'ASC' } });
    return rows.map(({ cause, amountCents, status }) => ({ cause, amountCents, status }));
  }

  /** The client's report of a problem with a booking. */
  dispute(bookingId: number): Promise<BookingDispute> {
    return this.repository(BookingDispute).findOneByOrFail({ lineId: bookingId });
  }

  // Payments and refunds

  payments(where: FindOptionsWhere<Payment> = {}): Promise<Payment[]> {
    return this.repository(Payment).find({ where, order: { id: 'ASC' } });
  }

  /** The payments the provider made for an order (not the rows of its links). */
  providerPayments(orderId: number): Promise<Payment[]> {
    return this.payments({ orderId, providerPaymentId: Not(IsNull()) });
  }

  /** The (first) payment the provider made for an order. */
  async providerPaymentOf(orderId: number): Promise<Payment | undefined> {
    return (await this.providerPayments(orderId))[0];
  }

  /** The rows of the order's payment links (those that carry a checkout address). */
  async paymentLinksOf(orderId: number): Promise<Payment[]> {
    return this.payments({ orderId, checkoutUrl: Not(IsNull()) });
  }

  /** The reference of the order's first payment link (what its payments carry in their metadata). */
  async paymentReferenceOf(orderId: number): Promise<string> {
    const [link] = await this.payments({ orderId, reference: Not(IsNull()) });
    if (!link) throw new Error(`order ${orderId} has no payment link`);
    return link.reference!;
  }

  countPayments(where: FindOptionsWhere<Payment> = {}): Promise<number> {
    return this.repository(Payment).countBy(where);
  }

  /** The refunds asked of the provider, oldest first. */
  refunds(where: { bookingId?: number; orderId?: number } = {}): Promise<PaymentRefund[]> {
    const { bookingId, orderId } = where;
    return this.repository(PaymentRefund).find({
      where: { ...(bookingId === undefined ? {} : { lineId: bookingId }), ...(orderId === undefined ? {} : { orderId }) },
      order: { id: 'ASC' },
    });
  }

  // The calendar

  /** Holds of dates, oldest first; `live` for those not released. */
  holds(where: { bookingId?: number; professionalId?: number; date?: string | string[]; live?: boolean } = {}): Promise<BookingHold[]> {
    const { bookingId, professionalId, date, live } = where;
    return this.repository(BookingHold).find({
      where: {
        ...(bookingId === undefined ? {} : { lineId: bookingId }),
        ...(professionalId === undefined ? {} : { professionalId }),
        ...(date === undefined ? {} : { date: Array.isArray(date) ? In(date) : date }),
        ...(live ? { releasedAt: IsNull() } : {}),
      },
      order: { date: 'ASC', id: 'ASC' },
    });
  }

  blockedDates(where: FindOptionsWhere<BlockedDate>): Promise<BlockedDate[]> {
    return this.repository(BlockedDate).find({ where, order: { date: 'ASC' } });
  }

  // Events, notifications, messages

  /** Outbox rows of a type (every type when none is named), oldest first; `payload` picks those whose payload contains it. */
  outboxEvents(type?: string, payload?: Record<string, unknown>): Promise<OutboxEvent[]> {
    return this.repository(OutboxEvent).find({
      where: { ...(type === undefined ? {} : { type }), ...(payload === undefined ? {} : { payload: JsonContains(payload) }) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  outboxEvent(id: string): Promise<OutboxEvent | null> {
    return this.repository(OutboxEvent).findOneBy({ id });
  }

  /** Outbox rows not relayed yet. */
  pendingOutboxEvents(): Promise<OutboxEvent[]> {
    return this.repository(OutboxEvent).find({ where: { sentAt: IsNull() }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  countPendingOutboxEvents(): Promise<number> {
    return this.repository(OutboxEvent).countBy({ sentAt: IsNull() });
  }

  /** Notifications, oldest first; `data` picks those whose data contains it. */
  notifications(where: { userId?: number; kind?: string; data?: Record<string, unknown> } = {}): Promise<Notification[]> {
    const { userId, kind, data } = where;
    return this.repository(Notification).find({
      where: {
        ...(userId === undefined ? {} : { userId }),
        ...(kind === undefined ? {} : { kind }),
        ...(data === undefined ? {} : { data: JsonContains(data) }),
      },
      order: { id: 'ASC' },
    });
  }

  message(id: string | number): Promise<Message> {
    return this.repository(Message).findOneByOrFail({ id: String(id) });
  }

  messages(where: FindOptionsWhere<Message>): Promise<Message[]> {
    return this.repository(Message).find({ where, order: { id: 'ASC' } });
  }
}

/** The records of a test app (or of a bare test database). */
export const recordsOf = (source: DataSource | { db: { dataSource: DataSource } }): Records =>
  new Records('db' in source ? source.db.dataSource : source);
