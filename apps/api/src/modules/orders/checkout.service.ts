import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { priceCart, sameBooking } from '@oficios/domain';
import { QueryFailedError, type EntityManager } from 'typeorm';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { badRequest, bodyId } from '../../common/id.pipe';
import { IdempotencyKeys, idempotencyKeyOf } from '../../common/idempotency/idempotency-keys.service';
import { CartDetail } from '../cart/entities/cart-detail.entity';
import { Cart } from '../cart/entities/cart.entity';
import { User } from '../identity/entities/user.entity';
import { OutboxService } from '../outbox/outbox.service';
import { Payment } from '../payments/entities/payment.entity';
import { OrderDetail } from './entities/order-detail.entity';
import { Order } from './entities/order.entity';
import { OrderTransitions } from './order-transitions.service';

/** `POST /api/orders`'s answer (the spec's `newOrder`). */
export interface NewOrderAnswer {
  newOrder: { id: number; amount: number; status: Order['status']; date: Date };
}

const answer = (order: Order): NewOrderAnswer => ({
  newOrder: { id: order.id, amount: order.amount, status: order.status, date: order.createdAt },
});

/** The partial unique index behind the cart lock: one open order per cart. */
const isSecondOpenOrder = (error: unknown) =>
  error instanceof QueryFailedError && (error.driverError as { constraint?: string })?.constraint === 'orders_open_cart_key';

/**
 * The checkout: one open (creada) order per cart. Checking a cart out again answers its open order; when the cart
 * changed since, the open order is cancelled ('cart-changed') and a new one made, in one transaction. Checkouts of
 * one cart take turns on the cart's row lock, and the database's partial unique index stands behind it.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly transitions: OrderTransitions,
    private readonly idempotency: IdempotencyKeys,
  ) {}

  /** `POST /api/orders {cartId}` (optionally with `Idempotency-Key`). */
  async checkout(
    actor: SessionUserClaims,
    body: { cartId?: unknown } | undefined,
    idempotencyKey: string | string[] | undefined,
  ): Promise<NewOrderAnswer> {
    const key = idempotencyKeyOf(idempotencyKey);
    const cartId = bodyId(body?.cartId, 'cartId');
    try {
      return await this.outbox.transaction((manager) =>
        this.idempotency.run(manager, { userId: actor.id, scope: 'POST /api/orders', key, body }, () =>
          this.orderFromCart(manager, actor, cartId),
        ),
      );
    } catch (error) {
      if (isSecondOpenOrder(error))
        throw new ConflictException({ statusCode: 409, error: 'Conflict', message: 'Ya hay una orden abierta para este carrito' });
      throw error;
    }
  }

  private async orderFromCart(manager: EntityManager, actor: SessionUserClaims, cartId: number): Promise<NewOrderAnswer> {
    // Locking the cart makes two checkouts of one cart run one after the other.
    const cart = await manager.getRepository(Cart).findOne({ where: { id: cartId }, lock: { mode: 'pessimistic_write' } });
    if (!cart) throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: `No existe el carrito ${cartId}` });
    if (cart.clientId !== actor.id)
      throw new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: 'Solo puedes comprar tu propio carrito' });
    const details = await manager.getRepository(CartDetail).find({ where: { cartId }, order: { id: 'ASC' } });
    if (details.length === 0) throw badRequest([{ field: 'cartId', message: 'El carrito está vacío' }]);

    const open = await manager.getRepository(Order).findOne({ where: { cartId, status: 'creada' }, lock: { mode: 'pessimistic_write' } });
    if (open) {
      const lines = await manager.getRepository(OrderDetail).find({ where: { orderId: open.id } });
      if (sameBooking(lines, details)) return answer(open);
      // The cart changed: its unpaid order gives way (a link still open for it can no longer pay it).
      await this.transitions.change(manager, open, 'cancelada', { changedBy: actor.id, reason: 'cart-changed' });
      await manager.getRepository(Payment).update({ orderId: open.id, status: 'pending' }, { status: 'cancelled' });
    }
    return answer(await this.createOrder(manager, actor, cartId, details));
  }

  /** The order and its details from the cart lines, priced at the professionals' current day prices, with OrderCreated. */
  private async createOrder(manager: EntityManager, actor: SessionUserClaims, cartId: number, details: CartDetail[]): Promise<Order> {
    const professionals = await manager
      .getRepository(User)
      .findBy(details.map((detail) => ({ id: detail.professionalId, type: 'profesional' as const })));
    const byId = new Map(professionals.map((professional) => [professional.id, professional]));
    const problems = details.flatMap((detail) => {
      const professional = byId.get(detail.professionalId);
      const name = professional ? `${professional.firstName} ${professional.lastName}` : `el profesional ${detail.professionalId}`;
      if (!professional) return [`${name} ya no está disponible`];
      if (detail.days.length === 0) return [`Elige al menos un dia para ${name}`];
      const gone = detail.days.filter((day) => !(professional.availableDays ?? []).includes(day));
      return gone.length > 0 ? [`${name} ya no trabaja el dia ${gone.join(', ')}`] : [];
    });
    if (problems.length > 0) throw badRequest(problems.map((message) => ({ field: 'cartId', message })));
    const price = priceCart(
      details.map((detail) => ({
        professionalId: detail.professionalId,
        dayPrice: byId.get(detail.professionalId)?.dayPrice ?? 0,
        days: detail.days,
      })),
    );
    const orders = manager.getRepository(Order);
    const saved = await orders.save(orders.create({ clientId: actor.id, cartId, amount: price.total }));
    await manager.getRepository(OrderDetail).insert(
      details.map((detail, index) => ({
        orderId: saved.id,
        clientId: actor.id,
        professionalId: detail.professionalId,
        days: detail.days,
        reservationAmount: price.lines[index].price,
      })),
    );
    await this.outbox.record(manager, 'OrderCreated', { orderId: saved.id, clientId: actor.id });
    return saved;
  }
}
