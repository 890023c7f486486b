import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { addDayToItem, duplicateDayMessage, priceCart, removeDay, type CartDetailView, type CartView, type Day } from '@oficios/domain';
import { DataSource, type EntityManager } from 'typeorm';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { badRequest, bodyId } from '../../common/id.pipe';
import { User } from '../identity/entities/user.entity';
import { CartDetail } from './entities/cart-detail.entity';
import { Cart } from './entities/cart.entity';

const ALREADY_ADDED = 'El profesional ya fue agregado a tu carrito';

/**
 * A client's server cart. Every amount is recomputed from the professional's
 * current day price; a client touches only its own cart.
 */
@Injectable()
export class CartService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private async cartOf(manager: EntityManager, clientId: number): Promise<Cart> {
    const existing = await manager.getRepository(Cart).findOne({ where: { clientId } });
    if (existing) return existing;
    // Accounts made before carts existed get one on first use.
    await manager.query('INSERT INTO carts (client_id) VALUES ($1) ON CONFLICT (client_id) DO NOTHING', [clientId]);
    return manager.getRepository(Cart).findOneOrFail({ where: { clientId } });
  }

  private async professional(manager: EntityManager, id: number): Promise<User> {
    const professional = await manager.getRepository(User).findOne({ where: { id, type: 'profesional' } });
    if (!professional) throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: `No existe el profesional ${id}` });
    return professional;
  }

  private view(detail: CartDetail, professional: User): CartDetailView {
    const [line] = priceCart([{ professionalId: professional.id, dayPrice: professional.dayPrice ?? 0, days: detail.days }]).lines;
    return {
      id: detail.id,
      cartId: detail.cartId,
      professionalId: detail.professionalId,
      days: detail.days,
      quantity: line.quantity,
      price: line.price,
    };
  }

  private validDays(days: unknown, professional: User): Day[] {
    if (!Array.isArray(days) || days.length === 0 || days.some((day) => typeof day !== 'string')) {
      throw badRequest([{ field: 'days', message: 'days debe ser una lista con al menos un dia' }]);
    }
    let chosen: Day[] = [];
    for (const day of days as string[]) {
      const result = addDayToItem(chosen, day, professional.availableDays ?? []);
      if (!result.ok && result.reason === 'unavailable') {
        throw badRequest([{ field: 'days', message: `${professional.firstName} ${professional.lastName} no trabaja el dia ${day}` }]);
      }
      if (result.ok) chosen = result.days;
    }
    return chosen;
  }

  /** `POST /api/cart`: one professional with its days into the caller's cart. */
  async addDetail(actor: SessionUserClaims, body: { clientId?: unknown; professionalId?: unknown; days?: unknown } | undefined) {
    const clientId = body?.clientId === undefined ? actor.id : bodyId(body.clientId, 'clientId');
    if (clientId !== actor.id)
      throw new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: 'Solo puedes usar tu propio carrito' });
    const professionalId = bodyId(body?.professionalId, 'professionalId');
    return this.dataSource.transaction(async (manager) => {
      const professional = await this.professional(manager, professionalId);
      const days = this.validDays(body?.days, professional);
      const cart = await this.cartOf(manager, actor.id);
      const inserted: { id: number }[] = await manager.query(
        `INSERT INTO cart_details (cart_id, professional_id, days) VALUES ($1, $2, $3)
         ON CONFLICT (cart_id, professional_id) DO NOTHING RETURNING id`,
        [cart.id, professionalId, days],
      );
      if (inserted.length === 0) throw new ConflictException({ statusCode: 409, error: 'Conflict', message: ALREADY_ADDED });
      const detail = await manager.getRepository(CartDetail).findOneByOrFail({ id: inserted[0].id });
      return { newCartDetail: this.view(detail, professional) };
    });
  }

  private async ownDetail(manager: EntityManager, actor: SessionUserClaims, detailId: number): Promise<CartDetail> {
    // Row lock: two day changes on the same detail apply one after the other.
    const detail = await manager.getRepository(CartDetail).findOne({ where: { id: detailId }, lock: { mode: 'pessimistic_write' } });
    if (!detail) throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: `No existe el detalle ${detailId}` });
    const cart = await manager.getRepository(Cart).findOneByOrFail({ id: detail.cartId });
    if (cart.clientId !== actor.id)
      throw new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: 'Solo puedes usar tu propio carrito' });
    return detail;
  }

  /** `PATCH /api/cart/{id}` `{type: 'add'|'remove', day}`. */
  async changeDay(actor: SessionUserClaims, detailId: number, body: { type?: unknown; day?: unknown } | undefined) {
    if (body?.type !== 'add' && body?.type !== 'remove') throw badRequest([{ field: 'type', message: "type debe ser 'add' o 'remove'" }]);
    if (typeof body.day !== 'string' || body.day.trim() === '') throw badRequest([{ field: 'day', message: 'day es obligatorio' }]);
    const day = body.day.trim().toLowerCase();
    return this.dataSource.transaction(async (manager) => {
      const detail = await this.ownDetail(manager, actor, detailId);
      const professional = await this.professional(manager, detail.professionalId);
      if (body.type === 'add') {
        const result = addDayToItem(detail.days, day, professional.availableDays ?? []);
        if (!result.ok && result.reason === 'duplicate') {
          throw new ConflictException({
            statusCode: 409,
            error: 'Conflict',
            message: duplicateDayMessage(day, `${professional.firstName} ${professional.lastName}`),
          });
        }
        if (!result.ok)
          throw badRequest([{ field: 'day', message: `${professional.firstName} ${professional.lastName} no trabaja el dia ${day}` }]);
        detail.days = result.days;
      } else {
        if (!detail.days.includes(day as Day)) throw badRequest([{ field: 'day', message: `El dia ${day} no esta en el carrito` }]);
        detail.days = removeDay(detail.days, day);
      }
      await manager.getRepository(CartDetail).update({ id: detail.id }, { days: detail.days });
      return this.view(detail, professional);
    });
  }

  /** `DELETE /api/cart/{id}`. */
  async removeDetail(actor: SessionUserClaims, detailId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const detail = await this.ownDetail(manager, actor, detailId);
      await manager.getRepository(CartDetail).delete({ id: detail.id });
    });
  }

  /** `GET /api/cart`: the caller's cart with prices and total. */
  async mine(actor: SessionUserClaims): Promise<CartView> {
    return this.dataSource.transaction(async (manager) => {
      const cart = await this.cartOf(manager, actor.id);
      const details = await manager
        .getRepository(CartDetail)
        .find({ where: { cartId: cart.id }, relations: { professional: true }, order: { id: 'ASC' } });
      const views = details.map((detail) => this.view(detail, detail.professional));
      return {
        id: cart.id,
        details: views,
        total: priceCart(details.map((d) => ({ professionalId: d.professionalId, dayPrice: d.professional.dayPrice ?? 0, days: d.days })))
          .total,
      };
    });
  }
}
