import { Injectable } from '@nestjs/common';
import { centsToPesos, priceCart, sameBooking, type CheckoutAnswer, type CreateOrder } from '@oficios/domain';
import { QueryFailedError, type EntityManager } from 'typeorm';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { conflict, invalidInput } from '../../common/errors/app-errors';
import { IdempotencyKeys, idempotencyKeyOf } from '../../common/idempotency/idempotency-keys.service';
import { CartService, type CheckoutLine } from '../cart';
import { ProfessionalsService } from '../catalog';
import { OutboxService } from '../outbox';
import type { Order } from './entities/order.entity';
import { OrderTransitions } from './order-transitions.service';
import { OrdersRepository } from './orders.repository';

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
    private readonly orders: OrdersRepository,
    private readonly carts: CartService,
    private readonly catalog: ProfessionalsService,
    private readonly idempotency: IdempotencyKeys,
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
    const lines = await this.carts.lockForCheckout(manager, cartId, actor.id);
    if (lines.length === 0) throw invalidInput([{ field: 'cartId', message: 'El carrito está vacío' }]);

    const open = await this.orders.lockOpenOrderOf(manager, cartId);
    if (open) {
      if (sameBooking(await this.orders.linesOf(manager, open.id), lines)) return this.answer(manager, open);
      // The cart changed: its unpaid order gives way (payments closes its links when it hears of it).
      await this.transitions.change(manager, open, 'cancelada', { changedBy: actor.id, reason: 'cart-changed' });
    }
    return this.answer(manager, await this.createOrder(manager, actor, cartId, lines));
  }

  /** The whole order as the summary shows it: each line with its professional (name, picture, professions), days and prices. */
  private async answer(manager: EntityManager, order: Order): Promise<CheckoutAnswer> {
    const details = await this.orders.linesOf(manager, order.id);
    const ids = details.map((line) => line.professionalId);
    const [terms, cards] = await Promise.all([this.catalog.bookingTermsOf(ids, manager), this.catalog.cardsOf(ids, manager)]);
    const dayPrices = new Map(terms.map((t) => [t.id, centsToPesos(t.dayPriceCents)]));
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
            dayPrice: dayPrices.get(line.professionalId) ?? 0,
            reservationAmount: centsToPesos(line.reservationAmountCents),
          };
        }),
      },
    };
  }

  /** The order and its details from the cart lines, priced at the professionals' current day prices, with OrderCreated. */
  private async createOrder(manager: EntityManager, actor: SessionUserClaims, cartId: number, lines: CheckoutLine[]): Promise<Order> {
    const terms = new Map(
      (
        await this.catalog.bookingTermsOf(
          lines.map((line) => line.professionalId),
          manager,
        )
      ).map((t) => [t.id, t]),
    );
    const problems = lines.flatMap((line) => {
      const professional = terms.get(line.professionalId);
      const name = professional ? `${professional.firstName} ${professional.lastName}` : `el profesional ${line.professionalId}`;
      if (!professional) return [`${name} ya no está disponible`];
      if (line.days.length === 0) return [`Elige al menos un dia para ${name}`];
      const gone = line.days.filter((day) => !professional.availableDays.includes(day));
      return gone.length > 0 ? [`${name} ya no trabaja el dia ${gone.join(', ')}`] : [];
    });
    if (problems.length > 0) throw invalidInput(problems.map((message) => ({ field: 'cartId', message })));
    const price = priceCart(
      lines.map((line) => ({
        professionalId: line.professionalId,
        dayPriceCents: terms.get(line.professionalId)!.dayPriceCents,
        days: line.days,
      })),
    );
    const saved = await this.orders.insertOrder(manager, { clientId: actor.id, cartId, amountCents: price.totalCents });
    await this.orders.insertLines(
      manager,
      lines.map((line, index) => ({
        orderId: saved.id,
        clientId: actor.id,
        professionalId: line.professionalId,
        days: line.days,
        reservationAmountCents: price.lines[index].priceCents,
      })),
    );
    await this.outbox.record(manager, 'OrderCreated', { orderId: saved.id, clientId: actor.id });
    return saved;
  }
}
