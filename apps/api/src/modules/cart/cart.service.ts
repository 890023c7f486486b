import { Injectable } from '@nestjs/common';
import {
  addDayToItem,
  centsToPesos,
  duplicateDayMessage,
  planCartMerge,
  priceCart,
  removeDay,
  type AddCartDetailAnswer,
  type AddToCart,
  type ChangeCartDay,
  type CartDetailView,
  type CartMergeAnswer,
  type CartMergeLine,
  type CartProfessional,
  type CartView,
  type ChangeCartDayAnswer,
  type Day,
  type IsoDate,
  type RemoveFromCartAnswer,
} from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { conflict, forbidden, invalidInput, notFound } from '../../common/errors/app-errors';
import { ProfessionalsService, type BookingTerms, type ProfessionalCard } from '../catalog';
import { CartRepository } from './cart.repository';
import type { CartDetail } from './entities/cart-detail.entity';

const ALREADY_ADDED = 'El profesional ya fue agregado a tu carrito';
const notYours = () => forbidden('not_allowed', 'Solo puedes usar tu propio carrito');
const fullName = (terms: BookingTerms) => `${terms.firstName} ${terms.lastName}`;

/** One line of a cart as the checkout reads it. */
export interface CheckoutLine {
  professionalId: number;
  days: Day[];
  /** The chosen dates; empty on lines saved before dates existed (checkout maps their days). */
  dates: IsoDate[];
}

/**
 * A client's server cart. Every amount is recomputed from the professional's
 * current day price (the catalogue's); a client touches only its own cart.
 */
@Injectable()
export class CartService {
  constructor(
    private readonly carts: CartRepository,
    private readonly catalog: ProfessionalsService,
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
  async lockForCheckout(manager: EntityManager, cartId: number, clientId: number): Promise<CheckoutLine[]> {
    const cart = await this.carts.lock(manager, cartId);
    if (!cart) throw notFound(`No existe el carrito ${cartId}`);
    if (cart.clientId !== clientId) throw forbidden('not_allowed', 'Solo puedes comprar tu propio carrito');
    return (await this.carts.details(manager, cartId)).map(({ professionalId, days, dates }) => ({ professionalId, days, dates }));
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

  /** The whole cart as every cart answer carries it: each line with its professional, prices at the current day prices. */
  private async cartView(manager: EntityManager, cartId: number): Promise<CartView> {
    const details = await this.carts.details(manager, cartId);
    const ids = details.map((detail) => detail.professionalId);
    const [terms, cards] = await Promise.all([this.catalog.bookingTermsOf(ids, manager), this.catalog.cardsOf(ids, manager)]);
    const termsById = new Map(terms.map((t) => [t.id, t]));
    const views = details.map((detail) => this.view(detail, termsById.get(detail.professionalId), cards.get(detail.professionalId)));
    return {
      id: cartId,
      details: views,
      total: centsToPesos(priceCart(details.map((detail) => this.pricing(detail, termsById))).totalCents),
    };
  }

  private pricing(detail: CartDetail, terms: Map<number, BookingTerms>) {
    return {
      professionalId: detail.professionalId,
      dayPriceCents: terms.get(detail.professionalId)?.dayPriceCents ?? 0,
      days: detail.days,
    };
  }

  private view(detail: CartDetail, terms: BookingTerms | undefined, card: ProfessionalCard | undefined): CartDetailView {
    const professional: CartProfessional = {
      id: detail.professionalId,
      firstName: terms?.firstName ?? 'Profesional',
      lastName: terms?.lastName ?? `#${detail.professionalId}`,
      profileImg: card?.profileImg ?? null,
      professions: card?.professions ?? [],
      availableDays: terms?.availableDays ?? [],
      dayPrice: centsToPesos(terms?.dayPriceCents ?? 0),
    };
    const [line] = priceCart([
      { professionalId: detail.professionalId, dayPriceCents: terms?.dayPriceCents ?? 0, days: detail.days },
    ]).lines;
    return {
      id: detail.id,
      cartId: detail.cartId,
      professionalId: detail.professionalId,
      days: detail.days,
      quantity: line.quantity,
      price: centsToPesos(line.priceCents),
      professional,
    };
  }

  /** The days the professional works, each once (the schema checked the list's shape). */
  private validDays(days: string[], terms: BookingTerms): Day[] {
    let chosen: Day[] = [];
    for (const day of days) {
      const result = addDayToItem(chosen, day, terms.availableDays);
      if (!result.ok && result.reason === 'unavailable') {
        throw invalidInput([{ field: 'days', message: `${fullName(terms)} no trabaja el dia ${day}` }]);
      }
      if (result.ok) chosen = result.days;
    }
    return chosen;
  }

  /** `POST /api/cart`: one professional with its days into the caller's cart. */
  async addDetail(actor: SessionUserClaims, { clientId, professionalId, days: wanted }: AddToCart): Promise<AddCartDetailAnswer> {
    if (clientId !== undefined && clientId !== actor.id) throw notYours();
    return this.carts.transaction(async (manager) => {
      const terms = await this.terms(manager, professionalId);
      const days = this.validDays(wanted, terms);
      const cart = await this.carts.cartOf(manager, actor.id);
      const detail = await this.carts.insertDetail(manager, cart.id, professionalId, days);
      if (!detail) throw conflict('already_in_cart', ALREADY_ADDED);
      const whole = await this.cartView(manager, cart.id);
      return { newCartDetail: whole.details.find((line) => line.id === detail.id)!, cart: whole };
    });
  }

  private async ownDetail(manager: EntityManager, actor: SessionUserClaims, detailId: number): Promise<CartDetail> {
    const detail = await this.carts.lockDetail(manager, detailId);
    if (!detail) throw notFound(`No existe el detalle ${detailId}`);
    const cart = await this.carts.findById(manager, detail.cartId);
    if (cart?.clientId !== actor.id) throw notYours();
    return detail;
  }

  /** `PATCH /api/cart/{id}` `{type: 'add'|'remove', day}`. */
  async changeDay(actor: SessionUserClaims, detailId: number, { type, day }: ChangeCartDay): Promise<ChangeCartDayAnswer> {
    return this.carts.transaction(async (manager) => {
      const detail = await this.ownDetail(manager, actor, detailId);
      const terms = await this.terms(manager, detail.professionalId);
      if (type === 'add') {
        const result = addDayToItem(detail.days, day, terms.availableDays);
        if (!result.ok && result.reason === 'duplicate') {
          throw conflict('day_already_chosen', duplicateDayMessage(day, fullName(terms)));
        }
        if (!result.ok) throw invalidInput([{ field: 'day', message: `${fullName(terms)} no trabaja el dia ${day}` }]);
        detail.days = result.days;
      } else {
        if (!detail.days.includes(day as Day)) throw invalidInput([{ field: 'day', message: `El dia ${day} no esta en el carrito` }]);
        detail.days = removeDay(detail.days, day);
      }
      await this.carts.setDays(manager, detail.id, detail.days);
      const whole = await this.cartView(manager, detail.cartId);
      return { ...whole.details.find((line) => line.id === detail.id)!, cart: whole };
    });
  }

  /** `DELETE /api/cart/{id}`: the line leaves the cart; answers the whole cart. */
  async removeDetail(actor: SessionUserClaims, detailId: number): Promise<RemoveFromCartAnswer> {
    return this.carts.transaction(async (manager) => {
      const detail = await this.ownDetail(manager, actor, detailId);
      await this.carts.deleteDetail(manager, detail.id);
      return { cart: await this.cartView(manager, detail.cartId) };
    });
  }

  /** `DELETE /api/cart`: empties the caller's cart (the spec's "clear whole cart", after 'Pagar'). */
  async clear(actor: SessionUserClaims): Promise<RemoveFromCartAnswer> {
    return this.carts.transaction(async (manager) => {
      const cart = await this.carts.cartOf(manager, actor.id);
      await this.carts.deleteDetails(manager, cart.id);
      return { cart: await this.cartView(manager, cart.id) };
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
      const plan = planCartMerge(server, lines, terms);
      for (const addition of plan.additions) await this.carts.insertDetail(manager, cart.id, addition.professionalId, addition.days);
      for (const update of plan.updates) {
        const detail = server.find((line) => line.professionalId === update.professionalId)!;
        await this.carts.setDays(manager, detail.id, update.days);
      }
      return { cart: await this.cartView(manager, cart.id), dropped: plan.dropped };
    });
  }

  /** `GET /api/cart`: the caller's cart with prices and total. */
  async mine(actor: SessionUserClaims): Promise<CartView> {
    return this.carts.transaction(async (manager) => this.cartView(manager, (await this.carts.cartOf(manager, actor.id)).id));
  }
}
