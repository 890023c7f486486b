import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  MAX_PAGE_SIZE,
  ORDER_STATUSES,
  clientMayCancel,
  isOrderStatus,
  priceCart,
  type OrderStatus,
  type OrderView,
} from '@oficios/domain';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { badRequest, bodyId } from '../../common/id.pipe';
import { CartDetail } from '../cart/entities/cart-detail.entity';
import { Cart } from '../cart/entities/cart.entity';
import { User } from '../identity/entities/user.entity';
import { OutboxService } from '../outbox/outbox.service';
import { Payment } from '../payments/entities/payment.entity';
import { OrderDetail } from './entities/order-detail.entity';
import { Order } from './entities/order.entity';
import { OrderTransitions } from './order-transitions.service';
import { OrdersRepository } from './orders.repository';

const notFound = (id: number) => new NotFoundException({ statusCode: 404, error: 'Not Found', message: `No existe la orden ${id}` });
const forbidden = (message: string) => new ForbiddenException({ statusCode: 403, error: 'Forbidden', message });

function positiveInteger(value: unknown, field: string, max = 1_000_000_000): number {
  const number = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > max)
    throw badRequest([{ field, message: `${field} debe ser un entero entre 1 y ${max}` }]);
  return number;
}

function statusOf(value: unknown): OrderStatus {
  if (!isOrderStatus(value)) throw badRequest([{ field: 'status', message: `status debe ser uno de: ${ORDER_STATUSES.join(', ')}` }]);
  return value;
}

export interface OrdersQuery {
  status?: unknown;
  page?: unknown;
  pageSize?: unknown;
}

/** Orders: checkout from the server cart, cancellation by its client, administration. */
@Injectable()
export class OrdersService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly transitions: OrderTransitions,
    private readonly orders: OrdersRepository,
  ) {}

  /**
   * `POST /api/orders {cartId}`: the order and its details from the caller's server
   * cart, priced at the professionals' current day prices, in one transaction with
   * its OrderCreated event. The cart stays until the payment is approved.
   */
  async createFromCart(actor: SessionUserClaims, body: { cartId?: unknown } | undefined) {
    const cartId = bodyId(body?.cartId, 'cartId');
    const order = await this.outbox.transaction(async (manager) => {
      // Locking the cart makes two checkouts of one cart run one after the other.
      const cart = await manager.getRepository(Cart).findOne({ where: { id: cartId }, lock: { mode: 'pessimistic_write' } });
      if (!cart) throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: `No existe el carrito ${cartId}` });
      if (cart.clientId !== actor.id) throw forbidden('Solo puedes comprar tu propio carrito');
      const details = await manager.getRepository(CartDetail).find({ where: { cartId }, order: { id: 'ASC' } });
      if (details.length === 0) throw badRequest([{ field: 'cartId', message: 'El carrito está vacío' }]);
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
      const saved = await manager
        .getRepository(Order)
        .save(manager.getRepository(Order).create({ clientId: actor.id, amount: price.total }));
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
    });
    return { newOrder: { id: order.id, amount: order.amount, status: order.status, date: order.createdAt } };
  }

  /** `DELETE /api/orders/{id}`: its client cancels it while it waits for payment (the order is kept, as cancelada). */
  async cancelByClient(actor: SessionUserClaims, orderId: number): Promise<{ order: OrderView }> {
    await this.outbox.transaction(async (manager) => {
      const order = await this.transitions.lock(manager, orderId);
      if (!order) throw notFound(orderId);
      if (order.clientId !== actor.id) throw forbidden('Solo puedes cancelar tus propias ordenes');
      if (order.status === 'cancelada') return;
      if (!clientMayCancel(order.status))
        throw new ConflictException({
          statusCode: 409,
          error: 'Conflict',
          message: `La orden ${orderId} ya fue pagada y no se puede cancelar`,
        });
      await this.transitions.change(manager, order, 'cancelada', { changedBy: actor.id, reason: 'client-cancelled' });
      await manager.getRepository(Payment).update({ orderId, status: 'pending' }, { status: 'cancelled' });
    });
    return { order: (await this.orders.findView(orderId)) as OrderView };
  }

  /**
   * `GET /api/orders`: every order for an administrator, its own for a client; newest first.
   * With `page` (and `pageSize`, `status`) answers one page as `{items, total, page, pageSize}`.
   */
  async list(actor: SessionUserClaims, query: OrdersQuery) {
    const status = query.status === undefined || query.status === '' || query.status === 'Todas' ? undefined : statusOf(query.status);
    const clientId = actor.type === 'administrador' ? undefined : actor.id;
    if (query.page === undefined && query.pageSize === undefined) return (await this.orders.list({ clientId, status })).items;
    const page = query.page === undefined ? 1 : positiveInteger(query.page, 'page');
    const pageSize = query.pageSize === undefined ? 10 : positiveInteger(query.pageSize, 'pageSize', MAX_PAGE_SIZE);
    const { items, total } = await this.orders.list({ clientId, status, page: { number: page, size: pageSize } });
    return { items, total, page, pageSize };
  }

  /** `GET /api/orders/professional/{id}`: the professional's own jobs (or any, for an administrator). */
  async listForProfessional(actor: SessionUserClaims, professionalId: number): Promise<OrderView[]> {
    if (actor.type !== 'administrador' && actor.id !== professionalId) throw forbidden('Solo puedes ver tus propios trabajos');
    return this.orders.listForProfessional(professionalId);
  }

  /** `PATCH /api/orders/{id} {status}`: an administrator sets any of the four statuses; the change is recorded. */
  async changeStatus(actor: SessionUserClaims, orderId: number, body: { status?: unknown } | undefined): Promise<OrderView> {
    const status = statusOf(body?.status);
    await this.outbox.transaction(async (manager) => {
      const order = await this.transitions.lock(manager, orderId);
      if (!order) throw notFound(orderId);
      await this.transitions.change(manager, order, status, { changedBy: actor.id, reason: 'admin' });
    });
    return (await this.orders.findView(orderId)) as OrderView;
  }
}
