import { Injectable } from '@nestjs/common';
import {
  addDateToLine,
  centsToPesos,
  dateForWeekday,
  dateLabel,
  daysOfDates,
  duplicateDayMessage,
  noFreeDateMessage,
  planCartMerge,
  priceCart,
  removeWeekday,
  weekdayOf,
  type AddCartDetailAnswer,
  type BookingDateRules,
  type AddToCart,
  type ChangeCartDay,
  type CartDetailView,
  type CartMergeAnswer,
  type CartMergeLine,
  type CartProfessional,
  type CartView,
  type CartPlaceAnswer,
  type ChangeCartDayAnswer,
  type JobPlace,
  type JobPlaceInput,
  type PlaceReach,
  type Day,
  type IsoDate,
  type JobRequestChange,
  type JobRequestDraft,
  type RemoveFromCartAnswer,
} from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { conflict, forbidden, invalidInput, notFound } from '../../common/errors/app-errors';
import { CalendarService } from '../calendar';
import { ProfessionalsService, type BookingCard, type BookingTerms } from '../catalog';
import { JobRequestsService } from '../job-requests';
import { CartRepository } from './cart.repository';
import type { CartDetail } from './entities/cart-detail.entity';
import type { Cart } from './entities/cart.entity';
import { JobPlaces, outsideServiceArea, type StoredPlace } from './job-places';

const ALREADY_ADDED = 'El profesional ya fue agregado a tu carrito';
const notYours = () => forbidden('not_allowed', 'Solo puedes usar tu propio carrito');
const fullName = (terms: BookingTerms) => `${terms.firstName} ${terms.lastName}`;
const notWorked = (field: 'days' | 'day', terms: BookingTerms, day: string) =>
  invalidInput([{ field, message: `${fullName(terms)} no trabaja el dia ${day}` }]);
const withDays = (dates: IsoDate[]) => ({ dates, days: daysOfDates(dates) });

/** One line of a cart as the checkout reads it. */
export interface CheckoutLine {
  professionalId: number;
  days: Day[];
  /** The chosen dates, ascending (empty until the client picks them). */
  dates: IsoDate[];
  /** What the client wrote for this professional (empty text and no photos: nothing). */
  jobRequest: JobRequestDraft;
}

/** A cart as the checkout reads it: its lines and the place stored on it (none: the client's address stands for it). */
export interface CheckoutCart {
  lines: CheckoutLine[];
  place: StoredPlace;
}

/**
 * A client's server cart. Every line holds dates (weekday names stand for their next bookable date), checked by the
 * calendar's rules when chosen (checkout checks them again and holds them). Every amount is recomputed from the
 * professional's current day price (the catalogue's); a client touches only its own cart.
 */
@Injectable()
export class CartService {
  constructor(
    private readonly carts: CartRepository,
    private readonly catalog: ProfessionalsService,
    private readonly calendar: CalendarService,
    private readonly jobRequests: JobRequestsService,
    private readonly places: JobPlaces,
  ) {}

  /** The new client's cart, in the registration's transaction; answers its id. */
  async createFor(manager: EntityManager, clientId: number): Promise<number> {
    return (await this.carts.cartOf(manager, clientId)).id;
  }

  /** The client's cart id, or null when it has none yet. */
  idOf(clientId: number): Promise<number | null> {
    return this.carts.idOf(clientId);
  }

  /**
   * The checkout's view of a cart, locked for the rest of the caller's transaction (checkouts of one cart take
   * turns): 404 for an unknown cart, 403 for someone else's.
   */
  async lockForCheckout(manager: EntityManager, cartId: number, clientId: number): Promise<CheckoutCart> {
    const cart = await this.carts.lockWithLines(manager, cartId);
    if (!cart) throw notFound(`No existe el carrito ${cartId}`);
    if (cart.clientId !== clientId) throw forbidden('not_allowed', 'Solo puedes comprar tu propio carrito');
    return { lines: cart.lines, place: cart.place };
  }

  /** A paid order's professionals leave the cart it came from (anything added since stays), in the payment's transaction. */
  async consume(manager: EntityManager, cartId: number, professionalIds: number[]): Promise<void> {
    if (professionalIds.length > 0) await this.carts.removeProfessionals(manager, cartId, professionalIds);
  }

  private async terms(manager: EntityManager, professionalId: number): Promise<BookingTerms> {
    const [terms] = await this.catalog.bookingTermsOf([professionalId], manager);
    if (!terms) throw notFound(`No existe el profesional ${professionalId}`);
    return terms;
  }

  /**
   * The whole cart as every cart answer carries it: each line with its professional, prices at the current day prices,
   * and its reach of the cart's place (a line outside the professional's area says so: the checkout will refuse it).
   */
  private async cartView(manager: EntityManager, cart: Cart): Promise<CartView> {
    const details = await this.carts.details(manager, cart.id);
    const ids = details.map((detail) => detail.professionalId);
    // Terms and cards in one read (two queries on one transaction's connection would only take turns).
    const cards = await this.catalog.bookingCardsOf(ids, manager);
    const place = await this.placeOf(manager, cart);
    const reach = await this.places.reachOf(manager, [...cards.values()], place?.locality ?? null);
    const views = details.map((detail) => this.view(detail, cards.get(detail.professionalId), reach.get(detail.professionalId)));
    return {
      id: cart.id,
      details: views,
      total: centsToPesos(priceCart(details.map((detail) => this.pricing(detail, cards))).totalCents),
      place,
    };
  }

  private placeOf(manager: EntityManager, cart: Cart): Promise<JobPlace | null> {
    return this.places.placeOf(manager, cart.clientId, { localityId: cart.placeLocalityId, street: cart.placeStreet });
  }

  private pricing(detail: CartDetail, terms: Map<number, BookingTerms>) {
    return {
      professionalId: detail.professionalId,
      dayPriceCents: terms.get(detail.professionalId)?.dayPriceCents ?? 0,
      days: detail.dates,
    };
  }

  private view(detail: CartDetail, card: BookingCard | undefined, reach: PlaceReach | undefined): CartDetailView {
    const professional: CartProfessional = {
      id: detail.professionalId,
      firstName: card?.firstName ?? 'Profesional',
      lastName: card?.lastName ?? `#${detail.professionalId}`,
      profileImg: card?.profileImg ?? null,
      professions: card?.professions ?? [],
      availableDays: card?.availableDays ?? [],
      dayPrice: centsToPesos(card?.dayPriceCents ?? 0),
    };
    const [line] = priceCart([
      { professionalId: detail.professionalId, dayPriceCents: card?.dayPriceCents ?? 0, days: detail.dates },
    ]).lines;
    return {
      id: detail.id,
      cartId: detail.cartId,
      professionalId: detail.professionalId,
      days: detail.dates.length > 0 ? daysOfDates(detail.dates) : detail.days,
      dates: detail.dates,
      quantity: line.quantity,
      price: centsToPesos(line.priceCents),
      professional,
      jobRequest: this.jobRequests.view({ text: detail.jobRequestText, imageIds: detail.jobRequestImageIds }),
      distanceKm: reach?.distanceKm ?? null,
      outsideArea: reach?.outside ?? null,
    };
  }

  private async rulesOf(manager: EntityManager, terms: BookingTerms): Promise<BookingDateRules> {
    return (await this.calendar.bookingRulesOf([terms], manager)).get(terms.id)!;
  }

  /** 400 with the calendar's Spanish refusal of the date, on `field`. */
  private unbookable(
    field: 'dates' | 'date',
    refusal: Parameters<CalendarService['refusalMessage']>[0],
    terms: BookingTerms,
    date: string,
  ) {
    return invalidInput([{ field, message: this.calendar.refusalMessage(refusal, terms, date) }]);
  }

  /** A new line's dates: each date bookable (a date twice counts once), each weekday name its next bookable date not chosen yet. */
  private chooseDates(terms: BookingTerms, rules: BookingDateRules, wanted: { days?: string[]; dates?: string[] }): IsoDate[] {
    let chosen: IsoDate[] = [];
    for (const date of wanted.dates ?? []) {
      const result = addDateToLine(chosen, date, rules);
      if (result.ok) chosen = result.dates;
      else if (result.reason !== 'duplicate') throw this.unbookable('dates', result.reason, terms, date);
    }
    for (const day of wanted.days ?? []) {
      const result = dateForWeekday(day, rules, chosen);
      if (!result.ok && result.reason === 'unavailable') throw notWorked('days', terms, day);
      if (!result.ok) throw invalidInput([{ field: 'days', message: noFreeDateMessage(day, fullName(terms)) }]);
      chosen = [...chosen, result.date].sort();
    }
    return chosen;
  }

  /** `POST /api/cart`: one professional with its dates (or weekday names) into the caller's cart. */
  async addDetail(actor: SessionUserClaims, { clientId, professionalId, days, dates }: AddToCart): Promise<AddCartDetailAnswer> {
    if (clientId !== undefined && clientId !== actor.id) throw notYours();
    return this.carts.transaction(async (manager) => {
      const terms = await this.terms(manager, professionalId);
      const chosen = this.chooseDates(terms, await this.rulesOf(manager, terms), { days, dates });
      // Locked: a change of the cart's place waits for this line (or this line sees the new place).
      const cart = await this.lockedCartOf(manager, actor.id);
      const place = await this.placeOf(manager, cart);
      const outside = (await this.places.reachOf(manager, [terms], place?.locality ?? null)).get(terms.id)?.outside;
      if (outside) throw outsideServiceArea([outside]);
      const detail = await this.carts.insertDetail(manager, cart.id, professionalId, withDays(chosen));
      if (!detail) throw conflict('already_in_cart', ALREADY_ADDED);
      const whole = await this.cartView(manager, cart);
      return { newCartDetail: whole.details.find((line) => line.id === detail.id)!, cart: whole };
    });
  }

  /** The client's cart, made on first use, locked for the rest of the transaction. */
  private async lockedCartOf(manager: EntityManager, clientId: number): Promise<Cart> {
    const { id } = await this.carts.cartOf(manager, clientId);
    return (await this.carts.lock(manager, id))!;
  }

  private async ownDetail(manager: EntityManager, actor: SessionUserClaims, detailId: number): Promise<{ detail: CartDetail; cart: Cart }> {
    const detail = await this.carts.lockDetail(manager, detailId);
    if (!detail) throw notFound(`No existe el detalle ${detailId}`);
    const cart = await this.carts.findById(manager, detail.cartId);
    if (!cart || cart.clientId !== actor.id) throw notYours();
    return { detail, cart };
  }

  /**
   * `PUT /api/cart/place {localityId, street}`: where the cart's job is. Refused (409 `outside_service_area`, naming
   * every professional of the cart it would leave out, nothing changed) when a line's professional does not work there.
   */
  async setPlace(actor: SessionUserClaims, input: JobPlaceInput): Promise<CartPlaceAnswer> {
    const place = await this.places.placeFrom(input);
    return this.carts.transaction(async (manager) => {
      const cart = await this.lockedCartOf(manager, actor.id);
      const details = await this.carts.details(manager, cart.id);
      const terms = await this.catalog.bookingTermsOf(
        details.map((detail) => detail.professionalId),
        manager,
      );
      const reach = await this.places.reachOf(manager, terms, place.locality);
      const outside = details.flatMap((detail) => reach.get(detail.professionalId)?.outside ?? []);
      if (outside.length > 0) throw outsideServiceArea(outside);
      await this.carts.setPlace(manager, cart.id, { localityId: place.locality.id, street: place.street });
      return { cart: await this.cartView(manager, { ...cart, placeLocalityId: place.locality.id, placeStreet: place.street }) };
    });
  }

  /** A line's dates after one change (`{type, date}`, or the spec's `{type, day}`). */
  private changedDates(dates: IsoDate[], { type, day, date }: ChangeCartDay, terms: BookingTerms, rules: BookingDateRules): IsoDate[] {
    if (date !== undefined) {
      if (type === 'remove') {
        if (!dates.includes(date)) throw invalidInput([{ field: 'date', message: `El ${dateLabel(date)} no esta en el carrito` }]);
        return dates.filter((chosen) => chosen !== date);
      }
      const result = addDateToLine(dates, date, rules);
      if (result.ok) return result.dates;
      // The spec's refusal of a day chosen twice, naming the date.
      if (result.reason === 'duplicate') throw conflict('day_already_chosen', duplicateDayMessage(dateLabel(date), fullName(terms)));
      throw this.unbookable('date', result.reason, terms, date);
    }
    const weekday = day!;
    if (type === 'remove') {
      if (!dates.some((chosen) => weekdayOf(chosen) === weekday)) {
        throw invalidInput([{ field: 'day', message: `El dia ${weekday} no esta en el carrito` }]);
      }
      return removeWeekday(dates, weekday);
    }
    // Its next bookable date: when the line has it already, that is the spec's day chosen twice.
    const result = dateForWeekday(weekday, rules);
    if (!result.ok && result.reason === 'unavailable') throw notWorked('day', terms, weekday);
    if (!result.ok) throw invalidInput([{ field: 'day', message: noFreeDateMessage(weekday, fullName(terms)) }]);
    if (dates.includes(result.date)) throw conflict('day_already_chosen', duplicateDayMessage(weekday, fullName(terms)));
    return [...dates, result.date].sort();
  }

  /** `PATCH /api/cart/{id}` `{type: 'add'|'remove', date}` or `{type, day}`. */
  async changeDay(actor: SessionUserClaims, detailId: number, change: ChangeCartDay): Promise<ChangeCartDayAnswer> {
    return this.carts.transaction(async (manager) => {
      const { detail, cart } = await this.ownDetail(manager, actor, detailId);
      const terms = await this.terms(manager, detail.professionalId);
      const rules = await this.rulesOf(manager, terms);
      await this.carts.setDates(manager, detail.id, withDays(this.changedDates(detail.dates, change, terms, rules)));
      const whole = await this.cartView(manager, cart);
      return { ...whole.details.find((line) => line.id === detail.id)!, cart: whole };
    });
  }

  /**
   * `PUT /api/cart/{id}/job-request {text, imageIds}`: the line's job request replaced whole (the text plain, up to 2000
   * characters; up to 5 of the client's own photos). Answers the line and the whole cart.
   */
  async setJobRequest(actor: SessionUserClaims, detailId: number, body: JobRequestChange): Promise<ChangeCartDayAnswer> {
    const request = await this.jobRequests.checked(actor.id, body.text, body.imageIds);
    return this.carts.transaction(async (manager) => {
      const { detail, cart } = await this.ownDetail(manager, actor, detailId);
      await this.jobRequests.hold(manager, request);
      await this.carts.setJobRequest(manager, detail.id, request);
      const whole = await this.cartView(manager, cart);
      return { ...whole.details.find((line) => line.id === detail.id)!, cart: whole };
    });
  }

  /** Which of these job request photos a cart line's draft holds (the orphan clean-up keeps them). */
  referencedJobRequestImages(imageIds: number[]): Promise<Set<number>> {
    return this.carts.referencedJobRequestImages(imageIds);
  }

  /** `DELETE /api/cart/{id}`: the line leaves the cart; answers the whole cart. */
  async removeDetail(actor: SessionUserClaims, detailId: number): Promise<RemoveFromCartAnswer> {
    return this.carts.transaction(async (manager) => {
      const { detail, cart } = await this.ownDetail(manager, actor, detailId);
      await this.carts.deleteDetail(manager, detail.id);
      return { cart: await this.cartView(manager, cart) };
    });
  }

  /** `DELETE /api/cart`: empties the caller's cart (the spec's "clear whole cart", after 'Pagar'). */
  async clear(actor: SessionUserClaims): Promise<RemoveFromCartAnswer> {
    return this.carts.transaction(async (manager) => {
      const cart = await this.carts.cartOf(manager, actor.id);
      await this.carts.deleteDetails(manager, cart.id);
      return { cart: await this.cartView(manager, cart) };
    });
  }

  /**
   * `POST /api/cart/merge {lines}`: the browser's cart joins the caller's server cart at sign-in, in one transaction
   * on the locked cart, by the rules of adding (see `planCartMerge`); answers the whole cart and what was left out.
   */
  async merge(actor: SessionUserClaims, lines: CartMergeLine[]): Promise<CartMergeAnswer> {
    return this.carts.transaction(async (manager) => {
      const cart = await this.carts.cartOf(manager, actor.id);
      await this.carts.lock(manager, cart.id);
      const server = await this.carts.details(manager, cart.id);
      const terms = await this.catalog.bookingTermsOf(
        lines.map((line) => line.professionalId),
        manager,
      );
      const rules = await this.calendar.bookingRulesOf(terms, manager);
      const plan = planCartMerge(server, lines, terms, (professional) => rules.get(professional.id)!);
      for (const addition of plan.additions) await this.carts.insertDetail(manager, cart.id, addition.professionalId, addition);
      for (const update of plan.updates) {
        const detail = server.find((line) => line.professionalId === update.professionalId)!;
        await this.carts.setDates(manager, detail.id, update);
      }
      // Lines outside the area of the cart's place stay, marked: the client may change the place before paying.
      return { cart: await this.cartView(manager, cart), dropped: plan.dropped };
    });
  }

  /** `GET /api/cart`: the caller's cart with prices and total. */
  async mine(actor: SessionUserClaims): Promise<CartView> {
    return this.carts.transaction(async (manager) => this.cartView(manager, await this.carts.cartOf(manager, actor.id)));
  }
}
