import {
  BadGatewayException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { statusAfterPayment } from '@oficios/domain';
import { InvalidWebhookSignatureError, WebhookSignatureValidator } from 'mercadopago';
import { DataSource, IsNull } from 'typeorm';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { bodyId, optionalBodyId } from '../../common/id.pipe';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Cart } from '../cart/entities/cart.entity';
import { User } from '../identity/entities/user.entity';
import { OrderStatusChange } from '../orders/entities/order-status-change.entity';
import { OrderTransitions } from '../orders/order-transitions.service';
import { OrdersRepository } from '../orders/orders.repository';
import { OutboxService } from '../outbox/outbox.service';
import { Payment } from './entities/payment.entity';
import { PaymentCredentials } from './payment-credentials';
import { PAYMENT_PROVIDER, type CheckoutPreference, type CheckoutRequest, type PaymentProvider } from './payment-provider';

export interface WebhookRequest {
  signature: string | string[] | undefined;
  requestId: string | string[] | undefined;
  dataId: unknown;
  type: unknown;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Payment requests, provider notifications and what an approved or rejected payment does to its order. */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly outbox: OutboxService,
    private readonly orders: OrdersRepository,
    private readonly transitions: OrderTransitions,
    private readonly credentials: PaymentCredentials,
  ) {}

  /**
   * `POST /api/mercado {orderId, clientId, items}`: the payment link of an unpaid order
   * of the caller. Items are built from the order itself (prices the browser sends are
   * ignored); asking again answers the same link.
   */
  async requestPayment(actor: SessionUserClaims, body: { orderId?: unknown; clientId?: unknown } | undefined): Promise<{ url: string }> {
    if (this.config.payments.mode === 'off')
      throw new ServiceUnavailableException({ statusCode: 503, error: 'Service Unavailable', message: 'Los pagos no están disponibles' });
    const orderId = bodyId(body?.orderId, 'orderId');
    const clientId = optionalBodyId(body?.clientId, 'clientId');
    if (clientId !== undefined && clientId !== actor.id)
      throw new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: 'Solo puedes pagar tus propias ordenes' });
    const order = await this.orders.findView(orderId);
    if (!order) throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: `No existe la orden ${orderId}` });
    if (order.clientId !== actor.id)
      throw new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: 'Solo puedes pagar tus propias ordenes' });
    if (order.status !== 'creada')
      throw new ConflictException({
        statusCode: 409,
        error: 'Conflict',
        message: `La orden ${orderId} ya no espera un pago (${order.status})`,
      });
    const pending = await this.dataSource.getRepository(Payment).findOne({ where: { orderId, status: 'pending' }, order: { id: 'DESC' } });
    if (pending?.checkoutUrl) return { url: pending.checkoutUrl };

    const client = await this.dataSource.getRepository(User).findOneByOrFail({ id: actor.id });
    const preference = await this.createPreference({
      orderId,
      payerEmail: client.email,
      items: order.orderDetails.map((detail) => ({
        id: `order-detail-${detail.id}`,
        title: `${detail.professional.firstName} ${detail.professional.lastName}: ${detail.days.join(', ')}`,
        quantity: detail.days.length,
        unitPrice: round2(detail.reservationAmount / detail.days.length),
      })),
    });
    await this.outbox.transaction(async (manager) => {
      const payment = await manager.getRepository(Payment).save(
        manager.getRepository(Payment).create({
          orderId,
          provider: this.provider.name,
          preferenceId: preference.preferenceId,
          checkoutUrl: preference.checkoutUrl,
          amount: order.amount,
        }),
      );
      await this.outbox.record(manager, 'PaymentRequested', { orderId, paymentId: payment.id, preferenceId: preference.preferenceId });
    });
    return { url: preference.checkoutUrl };
  }

  /** The provider being down or refusing is its failure, not ours: 502 with a message the client can show. */
  private async createPreference(request: CheckoutRequest): Promise<CheckoutPreference> {
    try {
      return await this.provider.createPreference(request);
    } catch (error) {
      this.logger.error(`El proveedor de pagos no creó la preferencia de la orden ${request.orderId}: ${(error as Error).message}`);
      throw new BadGatewayException({
        statusCode: 502,
        error: 'Bad Gateway',
        message: 'MercadoPago no respondió: intenta pagar de nuevo en unos minutos',
      });
    }
  }

  /**
   * The provider's notification: checked against its `x-signature` (HMAC of data.id, x-request-id
   * and ts, within the tolerance window), then recorded as PaymentNotified for the worker.
   * A forged or stale one is refused and changes nothing.
   */
  async acceptNotification(request: WebhookRequest): Promise<{ received: true }> {
    const dataId = typeof request.dataId === 'string' || typeof request.dataId === 'number' ? String(request.dataId) : '';
    const { webhookSecret } = await this.credentials.get();
    try {
      WebhookSignatureValidator.validate({
        xSignature: request.signature,
        xRequestId: request.requestId,
        dataId,
        secret: webhookSecret,
        toleranceSeconds: this.config.payments.webhookToleranceSeconds,
      });
    } catch (error) {
      const reason = error instanceof InvalidWebhookSignatureError ? error.reason : String(error);
      this.logger.warn(`Notificación rechazada (${reason}) data.id=${dataId}`);
      throw new UnauthorizedException({ statusCode: 401, error: 'Unauthorized', message: 'Firma de la notificación inválida' });
    }
    // Only payment notifications move orders; others (merchant orders...) are acknowledged and ignored.
    if (request.type !== 'payment' || !/^\d{1,30}$/.test(dataId)) return { received: true };
    const requestId = String(Array.isArray(request.requestId) ? request.requestId[0] : request.requestId);
    await this.outbox.transaction((manager) => this.outbox.record(manager, 'PaymentNotified', { providerPaymentId: dataId, requestId }));
    return { received: true };
  }

  /**
   * Worker side of PaymentNotified: reads the payment from the provider and applies it once.
   * Safe to repeat: the payment row is keyed by the provider's id and an order moves only
   * out of 'creada'.
   */
  async applyProviderPayment(providerPaymentId: string): Promise<void> {
    const payment = await this.provider.getPayment(providerPaymentId);
    if (payment.orderId === null) {
      this.logger.warn(`Pago ${payment.id} sin orden nuestra: se ignora`);
      return;
    }
    const orderId = payment.orderId;
    await this.outbox.transaction(async (manager) => {
      const order = await this.transitions.lock(manager, orderId);
      if (!order) {
        this.logger.warn(`Pago ${payment.id} de una orden inexistente (${orderId})`);
        return;
      }
      const payments = manager.getRepository(Payment);
      const known =
        (await payments.findOne({ where: { providerPaymentId: payment.id } })) ??
        (await payments.findOne({ where: { orderId, providerPaymentId: IsNull(), status: 'pending' }, order: { id: 'DESC' } }));
      const status = payment.status;
      if (known) await payments.update({ id: known.id }, { providerPaymentId: payment.id, status });
      else await payments.insert({ orderId, provider: this.provider.name, providerPaymentId: payment.id, status, amount: payment.amount });

      const [lastChange] = await manager.getRepository(OrderStatusChange).find({ where: { orderId }, order: { id: 'DESC' }, take: 1 });
      const next = statusAfterPayment(order.status, payment.status, order.status === 'cancelada' ? (lastChange?.reason ?? null) : null);
      if (!next) {
        if (payment.status === 'approved' && order.status === 'cancelada')
          this.logger.warn(`Pago ${payment.id} aprobado para la orden ${orderId}, cancelada por un administrador: requiere devolución`);
        return;
      }
      if (next === 'procesando' && payment.amount + 0.005 < order.amount) {
        this.logger.warn(`Pago ${payment.id} por ${payment.amount} no cubre la orden ${orderId} (${order.amount}): no se aplica`);
        return;
      }
      await this.transitions.change(manager, order, next, {
        changedBy: null,
        reason: next === 'procesando' ? 'payment-approved' : 'payment-rejected',
      });
      if (next === 'procesando') {
        // The booked professionals leave the client's cart; anything added since stays.
        const cart = await manager.getRepository(Cart).findOne({ where: { clientId: order.clientId } });
        if (cart)
          await manager.query(
            `DELETE FROM cart_details WHERE cart_id = $1 AND professional_id IN (SELECT professional_id FROM order_details WHERE order_id = $2)`,
            [cart.id, orderId],
          );
      } else {
        await payments.update({ orderId, status: 'pending' }, { status: 'cancelled' });
      }
    });
  }

  /** Delayed job: an order still unpaid after the payment window is cancelled. */
  async expireUnpaidOrder(orderId: number): Promise<void> {
    await this.outbox.transaction(async (manager) => {
      const order = await this.transitions.lock(manager, orderId);
      if (!order || order.status !== 'creada') return;
      await this.transitions.change(manager, order, 'cancelada', { changedBy: null, reason: 'payment-expired' });
      await manager.getRepository(Payment).update({ orderId, status: 'pending' }, { status: 'cancelled' });
    });
  }
}
