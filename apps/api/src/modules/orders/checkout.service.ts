import { Inject, Injectable } from '@nestjs/common';
import {
  DAYS,
  centsToPesos,
  expireOrderJobId,
  isEmptyJobRequest,
  jobRequestImageView,
  priceCart,
  weekdayOf,
  whyNotBookable,
  whyTooManyDates,
  type BookingDateRules,
  type JobPlace,
  type OrderPlace,
  type CheckoutAnswer,
  type CreateOrder,
  type Day,
  type IsoDate,
  type JobRequestDraft,
} from '@oficios/domain';
import { QueryFailedError, type EntityManager } from 'typeorm';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { conflict, invalidInput } from '../../common/errors/app-errors';
import { IdempotencyKeys, idempotencyKeyOf } from '../../common/idempotency/idempotency-keys.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { writeTogether } from '../../database/prepared-query';
import { CalendarService } from '../calendar';
import { CartService, JobPlaces, outsideServiceArea, type CheckoutLine } from '../cart';
import { ProfessionalsService, type BookingCard } from '../catalog';
import { AccountsService } from '../identity';
import { OutboxService } from '../outbox';
import { OrderBookings, type Booking } from '../bookings';
import { Order } from './entities/order.entity';
import { OrderTransitions } from './order-transitions.service';
import { OrdersRepository } from './orders.repository';

/** Whether an open order still books exactly what the cart holds: the same professionals on the same dates. */
function sameBookings(order: readonly Booking[], cart: readonly CheckoutLine[]): boolean {
  const same = (a: readonly string[], b: readonly string[]) => [...a].sort().join(',') === [...b].sort().join(',');
  return (
    order.length === cart.length &&
    cart.every((line) => {
      const booked = order.find((o) => o.professionalId === line.professionalId);
      return (
        booked !== undefined &&
        same(booked.dates, line.dates) &&
        (booked.jobRequestText ?? '') === line.jobRequest.text &&
        booked.jobRequestImageIds.join(',') === line.jobRequest.imageIds.join(',')
      );
    })
  );
}

/** Whether an open order's job is at this place (the same locality and street). */
function samePlace(order: Order, place: JobPlace | null): boolean {
  return (order.placeLocalityId ?? null) === (place?.locality.id ?? null) && (order.placeStreet ?? null) === (place?.street ?? null);
}

/** The place an order keeps, as its answers show it (null: an order made without one). */
export function orderPlaceOf(
  order: Pick<Order, 'placeLocalityId' | 'placeLocalityName' | 'placeDepartment' | 'placeProvince' | 'placeStreet'>,
): OrderPlace | null {
  if (!order.placeLocalityId) return null;
  return {
    locality: {
      id: order.placeLocalityId,
      name: order.placeLocalityName ?? '',
      department: order.placeDepartment ?? '',
      province: order.placeProvince ?? '',
    },
    street: order.placeStreet ?? '',
  };
}

/** What the checkout's answer shows of each line. */
type AnsweredLine = Pick<Booking, 'id' | 'professionalId' | 'days' | 'dates' | 'reservationAmountCents' | 'distanceKm'> & {
  jobRequest: JobRequestDraft;
};

/** The partial unique index behind the cart lock: one open order per cart. */
const isSecondOpenOrder = (error: unknown) =>
  error instanceof QueryFailedError && (error.driverError as { constraint?: string })?.constraint === 'orders_open_cart_key';

/**
 * The checkout: one open (creada) order per cart. Checking a cart out again answers its open order; when the cart
 * changed since, the open order is cancelled ('cart-changed') and a new one made, in one transaction. Checkouts of
 * one cart take turns on the cart's row lock, and the database's partial unique index stands behind it. A client has
 * one cart, so that lock also serialises the count of the dates the client holds unpaid (CHECKOUT_MAX_HELD_DATES,
 * and CHECKOUT_UNVERIFIED_MAX_DATES for an account whose e-mail is not verified).
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly transitions: OrderTransitions,
    private readonly orders: OrdersRepository,
    private readonly carts: CartService,
    private readonly catalog: ProfessionalsService,
    private readonly idempotency: IdempotencyKeys,
    private readonly calendar: CalendarService,
    private readonly bookings: OrderBookings,
    private readonly accounts: AccountsService,
    private readonly places: JobPlaces,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * `POST /api/orders {cartId, place?}` (optionally with `Idempotency-Key`): the job is at `place` when given, else at
   * the cart's place (which defaults to the client's address).
   */
  async checkout(actor: SessionUserClaims, body: CreateOrder, idempotencyKey: string | string[] | undefined): Promise<CheckoutAnswer> {
    const key = idempotencyKeyOf(idempotencyKey);
    const { cartId } = body;
    const named = body.place ? await this.places.placeFrom(body.place, 'place') : null;
    try {
      return await this.outbox.transaction((manager) =>
        this.idempotency.run(manager, { userId: actor.id, scope: 'POST /api/orders', key, body }, () =>
          this.orderFromCart(manager, actor, cartId, named),
        ),
      );
    } catch (error) {
      if (isSecondOpenOrder(error)) throw conflict('open_order_exists', 'Ya hay una orden abierta para este carrito');
      throw error;
    }
  }

  private async orderFromCart(
    manager: EntityManager,
    actor: SessionUserClaims,
    cartId: number,
    named: JobPlace | null,
  ): Promise<CheckoutAnswer> {
    // The cart's lock, then its open order, in one round trip (the read runs once the lock is granted).
    // The client's address too: where the job is when neither the body nor the cart names a place.
    const [cart, open, address] = await writeTogether(manager, () =>
      Promise.all([
        this.carts.lockForCheckout(manager, cartId, actor.id),
        this.orders.lockOpenOrderOf(manager, cartId),
        this.accounts.addressOf(actor.id, manager),
      ]),
    );
    const { lines } = cart;
    if (lines.length === 0) throw invalidInput([{ field: 'cartId', message: 'El carrito está vacío' }]);
    // Read under the cart's lock: a change of the cart's place waits for this checkout, or this checkout sees it.
    const place = named ?? (await this.places.placeWith(cart.place, address));
    if (open) {
      const booked = await this.bookings.of(manager, open.id);
      if (sameBookings(booked, lines) && samePlace(open, place)) return this.answer(manager, open);
      // The cart changed: its unpaid order gives way (payments closes its links when it hears of it), its dates are freed.
      await this.transitions.cancelUnpaid(manager, open.id, 'client_cancelled', { changedBy: actor.id, reason: 'cart-changed' });
    }
    const created = await this.createOrder(manager, actor, cartId, lines, place);
    return this.answer(manager, created.order, created);
  }

  /**
   * The whole order as the summary shows it: each line with its professional (name, picture, professions), days and
   * prices. A new order passes the lines and cards it was made from (not read again).
   */
  private async answer(
    manager: EntityManager,
    order: Order,
    known?: {
      lines: AnsweredLine[];
      cards: Map<number, BookingCard>;
    },
  ): Promise<CheckoutAnswer> {
    const details =
      known?.lines ??
      (await this.bookings.of(manager, order.id)).map((booking) => ({
        ...booking,
        jobRequest: { text: booking.jobRequestText ?? '', imageIds: booking.jobRequestImageIds },
      }));
    const cards =
      known?.cards ??
      (await this.catalog.bookingCardsOf(
        details.map((line) => line.professionalId),
        manager,
      ));
    return {
      newOrder: {
        id: order.id,
        amount: centsToPesos(order.amountCents),
        status: order.status,
        date: new Date(order.createdAt).toISOString(),
        lines: details.map((line) => {
          const card = cards.get(line.professionalId);
          return {
            id: line.id,
            professionalId: line.professionalId,
            professional: {
              id: line.professionalId,
              firstName: card?.firstName ?? 'Profesional',
              lastName: card?.lastName ?? `#${line.professionalId}`,
              profileImg: card?.profileImg ?? null,
              professions: card?.professions ?? [],
            },
            days: line.days,
            dates: line.dates,
            dayPrice: centsToPesos(card?.dayPriceCents ?? 0),
            reservationAmount: centsToPesos(line.reservationAmountCents),
            distanceKm: line.distanceKm ?? null,
            jobRequest: isEmptyJobRequest(line.jobRequest)
              ? null
              : {
                  text: line.jobRequest.text,
                  images: line.jobRequest.imageIds.map((id) => jobRequestImageView(this.config.publicApiUrl, id)),
                },
          };
        }),
        place: orderPlaceOf(order),
      },
    };
  }

  /**
   * The order and its details from the cart lines, priced at the professionals' current day prices, with OrderCreated
   * and its expiry; refused (409 `outside_service_area`) when the place is outside a professional's area as it is now.
   * The order keeps the place and each booking its distance: a later change of the area or the data touches neither.
   */
  private async createOrder(
    manager: EntityManager,
    actor: SessionUserClaims,
    cartId: number,
    lines: CheckoutLine[],
    place: JobPlace | null,
  ): Promise<{ order: Order; lines: AnsweredLine[]; cards: Map<number, BookingCard> }> {
    // The cart's dates are locked by the same statement that reads the professionals' blocked and held dates.
    const lockFirst = lines.flatMap((line) => line.dates.map((date) => ({ professionalId: line.professionalId, date })));
    // Everything the order needs, in one round trip; the cart's lock keeps what the client holds unpaid from growing.
    const ids = lines.map((line) => line.professionalId);
    const [cards, rulesFor, newOrder, bookingIds, heldElsewhere, emailVerified, areas] = await writeTogether(manager, () =>
      Promise.all([
        this.catalog.bookingCardsOf(ids, manager),
        this.calendar.bookingRulesReader(ids, manager, lockFirst),
        this.orders.takeOrderId(manager),
        this.bookings.takeIds(manager, lines.length),
        this.bookings.unpaidDatesOf(manager, actor.id),
        this.accounts.emailVerified(manager, actor.id),
        this.catalog.areasOf(ids, manager),
      ]),
    );
    const rulesOf = new Map([...cards.values()].map((card) => [card.id, rulesFor(card)]));
    // Without a known place (an account whose address has no locality, the spec's plain checkout) nothing can be
    // checked, and the spec's checkout still books: the web's cart asks the place before it gets here.
    const reach = await this.places.reachWith(areas, [...cards.values()], place?.locality ?? null);
    const outside = lines.flatMap((line) => reach.get(line.professionalId)?.outside ?? []);
    if (outside.length > 0) throw outsideServiceArea(outside);
    const problems: string[] = [];
    const dated: { professionalId: number; dates: IsoDate[]; days: Day[]; jobRequest: CheckoutLine['jobRequest'] }[] = [];
    for (const line of lines) {
      const professional = cards.get(line.professionalId);
      const name = professional ? `${professional.firstName} ${professional.lastName}` : `el profesional ${line.professionalId}`;
      if (!professional) {
        problems.push(`${name} ya no está disponible`);
        continue;
      }
      if (line.dates.length === 0) {
        problems.push(`Elige al menos un dia para ${name}`);
        continue;
      }
      const dates = this.checkedDates(line, professional, rulesOf.get(professional.id)!, problems);
      // The spec's days: the weekday names of the dates, in the week's order (as the cart always showed them).
      const days = dates.map((date) => weekdayOf(date) as Day).sort((a, b) => DAYS.indexOf(a) - DAYS.indexOf(b));
      dated.push({ professionalId: line.professionalId, dates, days, jobRequest: line.jobRequest });
    }
    if (problems.length > 0) throw invalidInput(problems.map((message) => ({ field: 'cartId', message })));
    const dates = dated.reduce((sum, line) => sum + line.dates.length, 0);
    const tooMany = whyTooManyDates({ dates, heldElsewhere, emailVerified }, this.config.checkout);
    if (tooMany) throw conflict(tooMany.code, tooMany.message);
    const price = priceCart(
      dated.map((line) => ({
        professionalId: line.professionalId,
        dayPriceCents: cards.get(line.professionalId)!.dayPriceCents,
        days: line.dates,
      })),
    );
    const newLines = dated.map((line, index) => ({
      id: bookingIds[index],
      professionalId: line.professionalId,
      days: line.days,
      dates: line.dates,
      reservationAmountCents: price.lines[index].priceCents,
      jobRequest: line.jobRequest,
      distanceKm: reach.get(line.professionalId)?.distanceKm ?? null,
    }));
    const order = Object.assign(new Order(), {
      id: newOrder.orderId,
      clientId: actor.id,
      cartId,
      amountCents: price.totalCents,
      status: 'creada',
      placeLocalityId: place?.locality.id ?? null,
      placeLocalityName: place?.locality.name ?? null,
      placeDepartment: place?.locality.department ?? null,
      placeProvince: place?.locality.province ?? null,
      placeStreet: place?.street ?? null,
      createdAt: newOrder.now,
      updatedAt: newOrder.now,
    } satisfies Partial<Order>);
    const holds = newLines.map((line) => ({ lineId: line.id, professional: cards.get(line.professionalId)!, dates: line.dates }));
    // The order, its bookings, their holds and the events go out with the COMMIT: a refused hold, or a second open
    // order of the cart, fails its statement and rolls the whole checkout back.
    void this.outbox.writeWithCommit(manager, () => this.orders.insertOrder(manager, order));
    void this.outbox.writeWithCommit(manager, () => this.bookings.insert(manager, order, newLines));
    void this.outbox.writeWithCommit(manager, () => this.calendar.holdDates(manager, holds));
    await this.outbox.record(manager, 'OrderCreated', { orderId: order.id, clientId: actor.id, amountCents: order.amountCents });
    // Its expiry comes with it: cancelled if still unpaid when the payment window closes.
    this.outbox.schedule(
      manager,
      'expire-order',
      { orderId: order.id },
      { jobId: expireOrderJobId(order.id), delayMs: this.config.orders.paymentTimeoutMs },
    );
    return { order, lines: newLines, cards };
  }

  /** A cart line's dates, each re-checked now (a date someone holds is left to the hold's constraint), ascending. */
  private checkedDates(
    line: CheckoutLine,
    professional: { id: number; firstName: string; lastName: string; availableDays: Day[] },
    rules: BookingDateRules,
    problems: string[],
  ): IsoDate[] {
    const check = { ...rules, taken: [] };
    for (const date of line.dates) {
      const refusal = whyNotBookable(date, check);
      if (refusal) problems.push(this.calendar.refusalMessage(refusal, professional, date));
    }
    return [...line.dates].sort();
  }
}
