import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { IsoDate, BookingStatus, NewOrder } from '@oficios/domain';
import type { App } from 'supertest/types';
import type { SessionUserClaims } from '../../src/common/auth/access.decorator';
import type { MovableClock } from '../../src/common/clock/clock';
import { BookingDeadlines, BookingsService } from '../../src/modules/bookings';
import { payOrder } from '../support/checkout';
import { eventually } from '../support/eventually';
import type { BrowserClient } from '../support/http-client';
import type { TestContext } from '../support/test-app';
import { signedInAdmin } from './people';
import { recordsOf } from './records';

/** The professional as the bookings service knows its caller (a session of its own is not needed for a factory). */
const professionalActor = (id: number): SessionUserClaims => ({ id, type: 'profesional', sessionId: 'test-factory' });

/**
 * Puts the professional in the client's cart with exactly these dates (a line of it already there, e.g. left by an
 * unpaid order that was cancelled, is replaced). Answers the cart line's id.
 */
export async function putInCart(client: BrowserClient, professionalId: number, dates: readonly IsoDate[]): Promise<number> {
  const cart = await client.get('/api/cart');
  const existing = (cart.body.details as { id: number; professionalId: number }[]).find((line) => line.professionalId === professionalId);
  if (existing) await client.delete(`/api/cart/${existing.id}`);
  const added = await client.post('/api/cart', { professionalId, dates });
  if (added.status !== 201) throw new Error(`cart: ${added.status} ${JSON.stringify(added.body)}`);
  return added.body.newCartDetail.id as number;
}

/** A checkout of the client's cart: the new order, and its bookings' ids in the order of its lines. */
export interface CheckedOut extends NewOrder {
  bookingIds: number[];
}

/** Checks the client's cart out (`POST /api/orders`), expecting the order. */
export async function checkout(client: BrowserClient): Promise<CheckedOut> {
  const cartId = (await client.get('/api/cart')).body.id as number;
  const created = await client.post('/api/orders', { cartId });
  if (created.status !== 201) throw new Error(`order: ${created.status} ${JSON.stringify(created.body)}`);
  const order = created.body.newOrder as NewOrder;
  return { ...order, bookingIds: order.lines.map((line) => line.id) };
}

/** The professional accepts a paid booking of theirs, as its "Aceptar" does. */
export async function acceptBooking(app: NestFastifyApplication, professionalId: number, bookingId: number): Promise<void> {
  await app.get(BookingsService).accept(professionalActor(professionalId), bookingId);
}

/** Each paid booking of the order accepted by its professional (confirmed). */
export async function acceptBookingsOf(ctx: TestContext, orderId: number): Promise<void> {
  for (const booking of await recordsOf(ctx).bookings({ orderId }))
    if (booking.lineStatus === 'awaiting_professional') await acceptBooking(ctx.app, booking.professionalId, booking.id);
}

/**
 * A paid order's work done: each of its bookings accepted by its professional, then the order marked completa by the
 * administrator (which marks confirmed bookings done): for tests of what comes after (reviews), not of the life cycle.
 */
export async function completeOrder(ctx: TestContext, orderId: number): Promise<void> {
  const http: App = ctx.app.getHttpServer();
  await acceptBookingsOf(ctx, orderId);
  const completed = await (await signedInAdmin(http)).patch(`/api/orders/${orderId}`, { status: 'completa' });
  if (completed.status !== 200) throw new Error(`completa: ${completed.status} ${JSON.stringify(completed.body)}`);
}

/** The states `bookingIn` makes, each the way the product reaches it. */
export const BOOKING_STATES = [
  /** Checked out, not paid: `awaiting_payment`. */
  'unpaid',
  /** Paid in the sandbox, waiting for the professional: `awaiting_professional`. */
  'paid',
  /** Accepted by the professional: `confirmed`. */
  'accepted',
  /** Declined by the professional (a full refund asked, which soon settles it as `refunded`): `declined`. */
  'declined',
  /** Declined, and its refund settled by the provider: `refunded`. */
  'refunded',
  /** Cancelled by its client once paid (the policy's refund asked, then `refunded`): `cancelled_by_client`. */
  'cancelled',
  /** Unanswered past the professional's deadline (the clock moved there, the sweep run; then `refunded`): `expired`. */
  'expired',
  /** Accepted, then the order marked completa by the administrator: `done`. */
  'done',
  /** Done, then a problem reported by its client: `done`, with an open dispute. */
  'disputed',
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

export interface BookingParties {
  /** The client, signed in, with the professional not in its cart or in it to be replaced. */
  client: BrowserClient;
  professionalId: number;
  dates: readonly IsoDate[];
  /** The app's clock, for `expired` (moved past the deadline; the caller sets it back). */
  clock?: MovableClock;
}

/** What a booking's state reads as on its row. */
export const LINE_STATUS_OF: Readonly<Record<BookingState, BookingStatus>> = {
  unpaid: 'awaiting_payment',
  paid: 'awaiting_professional',
  accepted: 'confirmed',
  declined: 'declined',
  refunded: 'refunded',
  cancelled: 'cancelled_by_client',
  expired: 'expired',
  done: 'done',
  disputed: 'done',
};

/**
 * A booking of the client with the professional on these dates, brought to `state` through the HTTP API (the client's
 * and the administrator's calls, the payments sandbox) and the bookings service (the professional's answers, the
 * deadlines' sweep). Answers its order's and its own id.
 */
export async function bookingIn(
  ctx: TestContext,
  state: BookingState,
  { client, professionalId, dates, clock }: BookingParties,
): Promise<{ orderId: number; bookingId: number }> {
  const http: App = ctx.app.getHttpServer();
  const bookings = ctx.app.get(BookingsService);
  const deadlines = ctx.app.get(BookingDeadlines);
  await putInCart(client, professionalId, dates);
  const { id: orderId, bookingIds } = await checkout(client);
  const bookingId = bookingIds[0];
  const made = { orderId, bookingId };
  if (state === 'unpaid') return made;
  await payOrder(http, ctx.db.dataSource, client, orderId);
  if (state === 'paid') return made;
  if (state === 'cancelled') {
    const cancelled = await client.post(`/api/bookings/${bookingId}/cancel`, {});
    if (cancelled.status !== 200) throw new Error(`cancel: ${cancelled.status} ${JSON.stringify(cancelled.body)}`);
    return made;
  }
  if (state === 'declined' || state === 'refunded') {
    await bookings.decline(professionalActor(professionalId), bookingId, { reason: 'No puedo ese día' });
    if (state === 'refunded') await eventually(async () => (await recordsOf(ctx).booking(bookingId)).lineStatus === 'refunded');
    return made;
  }
  if (state === 'expired') {
    if (!clock) throw new Error('an expired booking needs the app’s movable clock');
    clock.advanceHours(ctx.config.bookings.professionalResponseHours + 1);
    if (!(await deadlines.sweep()).expiredLines.includes(bookingId)) throw new Error(`booking ${bookingId} did not expire`);
    return made;
  }
  await acceptBooking(ctx.app, professionalId, bookingId);
  if (state === 'accepted') return made;
  await completeOrder(ctx, orderId);
  if (state === 'done') return made;
  const reported = await client.post(`/api/bookings/${bookingId}/dispute`, { reason: 'El trabajo quedó mal hecho' });
  if (reported.status !== 200) throw new Error(`dispute: ${reported.status} ${JSON.stringify(reported.body)}`);
  return made;
}
