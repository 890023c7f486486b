import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  addDayToItem,
  duplicateDayMessage,
  planCartMerge,
  priceCart,
  removeDay,
  type AddCartDetailAnswer,
  type CartDetailView,
  type CartMergeAnswer,
  type CartMergeLine,
  type CartProfessional,
  type CartView,
  type ChangeCartDayAnswer,
  type Day,
  type RemoveFromCartAnswer,
} from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { badRequest, bodyId } from '../../common/id.pipe';
import { ProfessionalsService, type BookingTerms, type ProfessionalCard } from '../catalog';
import { CartRepository } from './cart.repository';
import type { CartDetail } from './entities/cart-detail.entity';

const ALREADY_ADDED = 'El profesional ya fue agregado a tu carrito';
const notYours = () => new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: 'Solo puedes usar tu propio carrito' });
const fullName = (terms: BookingTerms) => `${terms.firstName} ${terms.lastName}`;

/** One line of a cart as the checkout reads it. */
export interface CheckoutLine {
  professionalId: number;
  days: Day[];
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
    if (!cart) throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: `No existe el carrito ${cartId}` });
    if (cart.clientId !== clientId)
      throw new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: 'Solo puedes comprar tu propio carrito' });
    return (await this.carts.details(manager, cartId)).map(({ professionalId, days }) => ({ professionalId, days }));
  }

  /** A paid order's professionals leave the cart it came from (anything added since stays), in the payment's transaction. */
  async consume(manager: EntityManager, cartId: number, professionalIds: number[]): Promise<void> {
    if (professionalIds.length > 0) await this.carts.removeProfessionals(manager, cartId, professionalIds);
  }

  private async terms(manager: EntityManager, professionalId: number): Promise<BookingTerms> {
    const [terms] = await this.catalog.bookingTermsOf([professionalId], manager);
    if (!terms) throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: `No existe el profesional ${professionalId}` });
    return terms;
  }

  /** The whole cart as every cart answer carries it: each line with its professional, prices at the current day prices. */
  private async cartView(manager: EntityManager, cartId: number): Promise<CartView> {
    const details = await this.carts.details(manager, cartId);
    const ids = details.map((detail) => detail.professionalId);
    const [terms, cards] = await Promise.all([this.catalog.bookingTermsOf(ids, manager), this.catalog.cardsOf(ids, manager)]);
    const termsById = new Map(terms.map((t) => [t.id, t]));
    const views = details.map((detail) => this.view(detail, termsById.get(detail.professionalId), cards.get(detail.professionalId)));
    return { id: cartId, details: views, total: priceCart(views.map((view) => this.pricing(view))).total };
  }

  private pricing(view: CartDetailView) {
    return { professionalId: view.professionalId, dayPrice: view.professional.dayPrice, days: view.days };
  }

  private view(detail: CartDetail, terms: BookingTerms | undefined, card: ProfessionalCard | undefined): CartDetailView {
    const professional: CartProfessional = {
      id: detail.professionalId,
      firstName: terms?.firstName ?? 'Profesional',
      lastName: terms?.lastName ?? `#${detail.professionalId}`,
      profileImg: card?.profileImg ?? null,
      professions: card?.professions ?? [],
      availableDays: terms?.availableDays ?? [],
      dayPrice: terms?.dayPrice ?? 0,
    };
    const [line] = priceCart([{ professionalId: detail.professionalId, dayPrice: professional.dayPrice, days: detail.days }]).lines;
    return {
      id: detail.id,
      cartId: detail.cartId,
      professionalId: detail.professionalId,
      days: detail.days,
      quantity: line.quantity,
      price: line.price,
      professional,
    };
  }

  private validDays(days: unknown, terms: BookingTerms): Day[] {
    if (!Array.isArray(days) || days.length === 0 || days.some((day) => typeof day !== 'string')) {
      throw badRequest([{ field: 'days', message: 'days debe ser una lista con al menos un dia' }]);
    }
    let chosen: Day[] = [];
    for (const day of days as string[]) {
      const result = addDayToItem(chosen, day, terms.availableDays);
      if (!result.ok && result.reason === 'unavailable') {
        throw badRequest([{ field: 'days', message: `${fullName(terms)} no trabaja el dia ${day}` }]);
      }
      if (result.ok) chosen = result.days;
    }
    return chosen;
  }

  /** `POST /api/cart`: one professional with its days into the caller's cart. */
  async addDetail(
    actor: SessionUserClaims,
    body: { clientId?: unknown; professionalId?: unknown; days?: unknown } | undefined,
  ): Promise<AddCartDetailAnswer> {
    const clientId = body?.clientId === undefined ? actor.id : bodyId(body.clientId, 'clientId');
    if (clientId !== actor.id) throw notYours();
    const professionalId = bodyId(body?.professionalId, 'professionalId');
    return this.carts.transaction(async (manager) => {
      const terms = await this.terms(manager, professionalId);
      const days = this.validDays(body?.days, terms);
      const cart = await this.carts.cartOf(manager, actor.id);
      const detail = await this.carts.insertDetail(manager, cart.id, professionalId, days);
      if (!detail) throw new ConflictException({ statusCode: 409, error: 'Conflict', message: ALREADY_ADDED });
      const whole = await this.cartView(manager, cart.id);
      return { newCartDetail: whole.details.find((line) => line.id === detail.id)!, cart: whole };
    });
  }

  private async ownDetail(manager: EntityManager, actor: SessionUserClaims, detailId: number): Promise<CartDetail> {
    const detail = await this.carts.lockDetail(manager, detailId);
    if (!detail) throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: `No existe el detalle ${detailId}` });
    const cart = await this.carts.findById(manager, detail.cartId);
    if (cart?.clientId !== actor.id) throw notYours();
    return detail;
  }

  /** `PATCH /api/cart/{id}` `{type: 'add'|'remove', day}`. */
  async changeDay(
    actor: SessionUserClaims,
    detailId: number,
    body: { type?: unknown; day?: unknown } | undefined,
  ): Promise<ChangeCartDayAnswer> {
    if (body?.type !== 'add' && body?.type !== 'remove') throw badRequest([{ field: 'type', message: "type debe ser 'add' o 'remove'" }]);
    if (typeof body.day !== 'string' || body.day.trim() === '') throw badRequest([{ field: 'day', message: 'day es obligatorio' }]);
    const day = body.day.trim().toLowerCase();
    return this.carts.transaction(async (manager) => {
      const detail = await this.ownDetail(manager, actor, detailId);
      const terms = await this.terms(manager, detail.professionalId);
      if (body.type === 'add') {
        const result = addDayToItem(detail.days, day, terms.availableDays);
        if (!result.ok && result.reason === 'duplicate') {
          throw new ConflictException({ statusCode: 409, error: 'Conflict', message: duplicateDayMessage(day, fullName(terms)) });
        }
        if (!result.ok) throw badRequest([{ field: 'day', message: `${fullName(terms)} no trabaja el dia ${day}` }]);
        detail.days = result.days;
      } else {
        if (!detail.days.includes(day as Day)) throw badRequest([{ field: 'day', message: `El dia ${day} no esta en el carrito` }]);
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
  async merge(actor: SessionUserClaims, body: { lines?: unknown } | undefined): Promise<CartMergeAnswer> {
    const lines = mergeLines(body?.lines);
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

/** Most lines a browser cart may bring to a merge, and most days per line (more is not a cart). */
const MAX_MERGE_LINES = 50;
const MAX_MERGE_DAYS = 20;

/** The merge body's lines, or 400 naming the field. */
function mergeLines(raw: unknown): CartMergeLine[] {
  if (!Array.isArray(raw) || raw.length > MAX_MERGE_LINES)
    throw badRequest([{ field: 'lines', message: `lines debe ser una lista de hasta ${MAX_MERGE_LINES} profesionales` }]);
  return raw.map((line: unknown, index) => {
    const { professionalId, days } = (typeof line === 'object' && line !== null ? line : {}) as {
      professionalId?: unknown;
      days?: unknown;
    };
    const id = bodyId(professionalId, `lines[${index}].professionalId`);
    if (!Array.isArray(days) || days.length > MAX_MERGE_DAYS || days.some((day) => typeof day !== 'string'))
      throw badRequest([{ field: `lines[${index}].days`, message: 'days debe ser una lista de dias' }]);
    return { professionalId: id, days: days as string[] };
  });
}
