import { Inject, Injectable } from '@nestjs/common';
import {
  DAYS,
  centsToPesos,
  expireOrderJobId,
  nextBookableDateOf,
  priceCart,
  weekdayOf,
  whyNotBookable,
  whyTooManyDates,
  type BookingDateRules,
  type CheckoutAnswer,
  type CreateOrder,
  type Day,
  type IsoDate,
} from '@oficios/domain';
import { QueryFailedError, type EntityManager } from 'typeorm';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { conflict, invalidInput } from '../../common/errors/app-errors';
import { IdempotencyKeys, idempotencyKeyOf } from '../../common/idempotency/idempotency-keys.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { writeTogether } from '../../database/prepared-query';
import { CalendarService } from '../calendar';
import { CartService, type CheckoutLine } from '../cart';
import { ProfessionalsService, type BookingCard } from '../catalog';
import { AccountsService } from '../identity';
import { OutboxService } from '../outbox';
import type { OrderDetail } from './entities/order-detail.entity';
import { Order } from './entities/order.entity';
import { LineTransitions } from './line-transitions.service';
import { OrderTransitions } from './order-transitions.service';
import { OrdersRepository } from './orders.repository';

/** Whether an open order still books exactly what the cart holds: same professionals and dates (or days, for undated lines). */
function sameDatedBooking(order: readonly OrderDetail[], cart: readonly CheckoutLine[]): boolean {
  const same = (a: readonly string[], b: readonly string[]) => [...a].sort().join(',') === [...b].sort().join(',');
  return (
    order.length === cart.length &&
    cart.every((line) => {
      const booked = order.find((o) => o.professionalId === line.professionalId);
      return booked !== undefined && (line.dates.length > 0 ? same(booked.dates, line.dates) : same(booked.days, line.days));
    })
  );
}

/** What the checkout's answer shows of each line. */
type AnsweredLine = Pick<OrderDetail, 'id' | 'professionalId' | 'days' | 'dates' | 'reservationAmountCents'>;

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
    private readonly lineTransitions: LineTransitions,
    private readonly accounts: AccountsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `POST /api/orders {cartId}` (optionally with `Idempotency-Key`). */
  async checkout(actor: SessionUserClaims, body: CreateOrder, idempotencyKey: string | string[] | undefined): Promise<CheckoutAnswer> {
    const key = idempotencyKeyOf(idempotencyKey);
    const { cartId } = body;
    try {
      return await this.outbox.transaction((manager) =>
        this.idempotency.run(manager, { userId: actor.id, scope: 'POST /api/orders', key, body }, () =>
          this.orderFromCart(manager, actor, cartId),
        ),
      );
    } catch (error) {
      if (isSecondOpenOrder(error)) throw conflict('open_order_exists', 'Ya hay una orden abierta para este carrito');
      throw error;
    }
  }

  private async orderFromCart(manager: EntityManager, actor: SessionUserClaims, cartId: number): Promise<CheckoutAnswer> {
    // The cart's lock, then its open order, in one round trip (the order's read runs after the lock is granted; it is
    // of no use, and not answered, when the cart is not the caller's).
    const [lines, open] = await writeTogether(manager, () =>
      Promise.all([this.carts.lockForCheckout(manager, cartId, actor.id), this.orders.lockOpenOrderOf(manager, cartId)]),
    );
    if (lines.length === 0) throw invalidInput([{ field: 'cartId', message: 'El carrito está vacío' }]);
    if (open) {
      const booked = await this.orders.linesOf(manager, open.id);
      if (sameDatedBooking(booked, lines)) return this.answer(manager, open);
      // The cart changed: its unpaid order gives way (payments closes its links when it hears of it), its dates are freed.
      await this.transitions.change(manager, open, 'cancelada', { changedBy: actor.id, reason: 'cart-changed' });
      for (const line of booked)
        if (line.lineStatus === 'awaiting_payment')
          await this.lineTransitions.move(
            manager,
            line,
            'client_cancelled',
            { actor: 'client', actorId: actor.id },
            { deriveOrder: false },
          );
    }
    const created = await this.createOrder(manager, actor, cartId, lines);
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
    const details = known?.lines ?? (await this.orders.linesOf(manager, order.id));
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
          };
        }),
      },
    };
  }

  /** The order and its details from the cart lines, priced at the professionals' current day prices, with OrderCreated and its expiry. */
  private async createOrder(
    manager: EntityManager,
    actor: SessionUserClaims,
    cartId: number,
    lines: CheckoutLine[],
  ): Promise<{ order: Order; lines: AnsweredLine[]; cards: Map<number, BookingCard> }> {
    // Every professional's blocked and held dates in one read (holdDates checks again under its locks). A cart of
    // chosen dates (the usual one) has them locked by that same statement; a line of weekday names only gets its dates
    // from these rules, so then every date is locked when held (in one sorted batch: never two orders of locking).
    const lockFirst = lines.every((line) => line.dates.length > 0)
      ? lines.flatMap((line) => line.dates.map((date) => ({ professionalId: line.professionalId, date })))
      : [];
    // Terms and cards (the answer shows them without reading them again), those dates, the new order's id, its lines'
    // ids and time, and what the client holds unpaid already and whether its e-mail is verified, in one round trip.
    // The cart's lock is held: the client's checkouts take turns, so what is counted here cannot grow meanwhile.
    const ids = lines.map((line) => line.professionalId);
    const [cards, rulesFor, newIds, heldElsewhere, emailVerified] = await writeTogether(manager, () =>
      Promise.all([
        this.catalog.bookingCardsOf(ids, manager),
        this.calendar.bookingRulesReader(ids, manager, lockFirst),
        this.orders.takeOrderIds(manager, lines.length),
        this.orders.unpaidDatesOf(manager, actor.id),
        this.accounts.emailVerified(manager, actor.id),
      ]),
    );
    const rulesOf = new Map([...cards.values()].map((card) => [card.id, rulesFor(card)]));
    const problems: string[] = [];
    const dated: { professionalId: number; dates: IsoDate[]; days: Day[] }[] = [];
    for (const line of lines) {
      const professional = cards.get(line.professionalId);
      const name = professional ? `${professional.firstName} ${professional.lastName}` : `el profesional ${line.professionalId}`;
      if (!professional) {
        problems.push(`${name} ya no está disponible`);
        continue;
      }
      if (line.days.length === 0 && line.dates.length === 0) {
        problems.push(`Elige al menos un dia para ${name}`);
        continue;
      }
      const dates = this.datesOf(line, professional, rulesOf.get(professional.id)!, problems);
      // The spec's days: the weekday names of the dates, in the week's order (as the cart always showed them).
      const days = dates.map((date) => weekdayOf(date) as Day).sort((a, b) => DAYS.indexOf(a) - DAYS.indexOf(b));
      dated.push({ professionalId: line.professionalId, dates, days });
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
      id: newIds.lineIds[index],
      professionalId: line.professionalId,
      days: line.days,
      dates: line.dates,
      reservationAmountCents: price.lines[index].priceCents,
    }));
    // The order as the insert below writes it (the status its default, the time the transaction's).
    const order = Object.assign(new Order(), {
      id: newIds.orderId,
      clientId: actor.id,
      cartId,
      amountCents: price.totalCents,
      status: 'creada',
      createdAt: newIds.now,
      updatedAt: newIds.now,
    } satisfies Partial<Order>);
    const holds = newLines.map((line) => ({ lineId: line.id, professional: cards.get(line.professionalId)!, dates: line.dates }));
    // A line of weekday names only got its dates just now: they are locked first (one round trip more).
    await this.calendar.lockForHolds(manager, holds);
    // The order with its lines, their holds and the events go out with the COMMIT, in one write: nothing here waits for
    // their answers. A hold refused (a date taken or blocked meanwhile), or a second open order of the cart, fails its
    // statement, the COMMIT then rolls back, and that error is the checkout's.
    void this.outbox.writeWithCommit(manager, () => this.orders.insertOrderWithLines(manager, order, newLines));
    void this.outbox.writeWithCommit(manager, () => this.calendar.holdDates(manager, holds));
    await this.outbox.record(manager, 'OrderCreated', { orderId: order.id, clientId: actor.id, amountCents: order.amountCents });
    // Its expiry comes with it: cancelled if still unpaid when the payment window closes (payments closes its links).
    this.outbox.schedule(
      manager,
      'expire-order',
      { orderId: order.id },
      { jobId: expireOrderJobId(order.id), delayMs: this.config.orders.paymentTimeoutMs },
    );
    return { order, lines: newLines, cards };
  }

  /**
   * A cart line's dates, each re-checked now (a date someone holds is left to the hold's constraint): its chosen
   * dates, or, for a line saved with weekday names only, the next bookable date of each weekday.
   */
  private datesOf(
    line: CheckoutLine,
    professional: { id: number; firstName: string; lastName: string; availableDays: Day[] },
    rules: BookingDateRules,
    problems: string[],
  ): IsoDate[] {
    if (line.dates.length > 0) {
      const check = { ...rules, taken: [] };
      for (const date of line.dates) {
        const refusal = whyNotBookable(date, check);
        if (refusal) problems.push(this.calendar.refusalMessage(refusal, professional, date));
      }
      return [...line.dates].sort();
    }
    const chosen: IsoDate[] = [];
    for (const day of line.days) {
      const date = nextBookableDateOf(day, { ...rules, taken: [...rules.taken, ...chosen] });
      if (date) chosen.push(date);
      else problems.push(`${professional.firstName} ${professional.lastName} no tiene un ${day} libre para reservar`);
    }
    return chosen.sort();
  }
}
