import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  MAX_PAGE_SIZE,
  ORDER_STATUSES,
  adminMoveRefusal,
  clientMayCancel,
  isOrderStatus,
  refundDueOnAdminMove,
  type OrderStatus,
  type OrderView,
} from '@oficios/domain';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { badRequest } from '../../common/id.pipe';
import { OutboxService } from '../outbox/outbox.service';
import { Payment } from '../payments/entities/payment.entity';
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

/** Orders: cancellation by its client, lists, administration (the checkout is CheckoutService). */
@Injectable()
export class OrdersService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly transitions: OrderTransitions,
    private readonly orders: OrdersRepository,
  ) {}

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
    const admin = actor.type === 'administrador';
    const clientId = admin ? undefined : actor.id;
    const view = { paymentAlert: admin };
    if (query.page === undefined && query.pageSize === undefined) return (await this.orders.list({ clientId, status }, view)).items;
    const page = query.page === undefined ? 1 : positiveInteger(query.page, 'page');
    const pageSize = query.pageSize === undefined ? 10 : positiveInteger(query.pageSize, 'pageSize', MAX_PAGE_SIZE);
    const { items, total } = await this.orders.list({ clientId, status, page: { number: page, size: pageSize } }, view);
    return { items, total, page, pageSize };
  }

  /** `GET /api/orders/professional/{id}`: the professional's own jobs (or any, for an administrator). */
  async listForProfessional(actor: SessionUserClaims, professionalId: number): Promise<OrderView[]> {
    if (actor.type !== 'administrador' && actor.id !== professionalId) throw forbidden('Solo puedes ver tus propios trabajos');
    return this.orders.listForProfessional(professionalId);
  }

  /**
   * `PATCH /api/orders/{id} {status}`: an administrator moves an order along the allowed moves of libs/domain
   * (409 with the reason otherwise); cancelling a paid order records on its approved payments that a refund is due.
   * Answers the order with its payment alert.
   */
  async changeStatus(actor: SessionUserClaims, orderId: number, body: { status?: unknown } | undefined): Promise<OrderView> {
    const status = statusOf(body?.status);
    await this.outbox.transaction(async (manager) => {
      const order = await this.transitions.lock(manager, orderId);
      if (!order) throw notFound(orderId);
      const from = order.status;
      const refusal = adminMoveRefusal(orderId, from, status);
      if (refusal) throw new ConflictException({ statusCode: 409, error: 'Conflict', message: refusal });
      if (!(await this.transitions.change(manager, order, status, { changedBy: actor.id, reason: 'admin' }))) return;
      if (status === 'cancelada') await manager.getRepository(Payment).update({ orderId, status: 'pending' }, { status: 'cancelled' });
      if (refundDueOnAdminMove(from, status))
        await manager.query(
          `UPDATE payments SET refund_due = true, review_reason = concat_ws('; ', review_reason, $2::text)
           WHERE order_id = $1 AND status = 'approved' AND NOT refund_due`,
          [orderId, `Orden ${from} cancelada por un administrador: hay que devolver el pago`],
        );
    });
    return (await this.orders.findView(orderId, undefined, { paymentAlert: true })) as OrderView;
  }
}
