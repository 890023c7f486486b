import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { dateLabel, divideCents, type PaymentRequest } from '@oficios/domain';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { apiError, conflict, forbidden, notFound } from '../../common/errors/app-errors';
import { IdempotencyKeys, idempotencyKeyOf } from '../../common/idempotency/idempotency-keys.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AccountsService } from '../identity';
import { OrderPayments } from '../orders';
import { OutboxService } from '../outbox';
import { PAYMENT_PROVIDER, type CheckoutPreference, type CheckoutRequest, type PaymentProvider } from './payment-provider';
import { PaymentsRepository } from './payments.repository';

const notYours = () => forbidden('not_allowed', 'Solo puedes pagar tus propias ordenes');

/** `POST /api/mercado`: the payment link of an unpaid order, one per order. */
@Injectable()
export class PaymentLinksService {
  private readonly logger = new Logger('Payments');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly outbox: OutboxService,
    private readonly orders: OrderPayments,
    private readonly accounts: AccountsService,
    private readonly payments: PaymentsRepository,
    private readonly idempotency: IdempotencyKeys,
  ) {}

  /**
   * `POST /api/mercado {orderId, clientId, items}` (optionally with `Idempotency-Key`): the payment link of an unpaid
   * order of the caller. Items are built from the order itself (prices the browser sends are ignored); asking again
   * answers the same link, and an order that already has an approved payment gets no new one.
   */
  async requestPayment(
    actor: SessionUserClaims,
    body: PaymentRequest,
    idempotencyKey: string | string[] | undefined,
  ): Promise<{ url: string }> {
    if (this.config.payments.mode === 'off')
      throw apiError(HttpStatus.SERVICE_UNAVAILABLE, 'payments_unavailable', 'Los pagos no están disponibles');
    const key = idempotencyKeyOf(idempotencyKey);
    const { orderId, clientId } = body;
    if (clientId !== undefined && clientId !== actor.id) throw notYours();
    // Read before the transaction: a second pooled connection asked for while holding one deadlocks once every
    // connection is held by requests waiting on this one (the order lock, the idempotency key).
    const payerEmail = (await this.accounts.cardsOf([actor.id])).get(actor.id)?.email ?? '';
    return this.outbox.transaction((manager) =>
      this.idempotency.run(manager, { userId: actor.id, scope: 'POST /api/mercado', key, body }, () =>
        this.paymentLink(manager, actor, orderId, payerEmail),
      ),
    );
  }

  private async paymentLink(
    manager: EntityManager,
    actor: SessionUserClaims,
    orderId: number,
    payerEmail: string,
  ): Promise<{ url: string }> {
    // Locking the order makes requests for one order take turns: the later ones find the first one's link.
    const order = await this.orders.lock(manager, orderId);
    if (!order) throw notFound(`No existe la orden ${orderId}`);
    if (order.clientId !== actor.id) throw notYours();
    if (order.status !== 'creada') throw conflict('order_not_payable', `La orden ${orderId} ya no espera un pago (${order.status})`);
    if (await this.payments.hasApproved(manager, orderId))
      throw conflict('order_not_payable', `La orden ${orderId} ya tiene un pago aprobado: no se crea otro link de pago`);
    // The link lives as long as the order may be paid: after its payment window it would take money for freed dates.
    const expiresAt = new Date(order.createdAt.getTime() + this.config.orders.paymentTimeoutMs);
    if (expiresAt.getTime() <= Date.now())
      throw conflict('order_not_payable', `El plazo para pagar la orden ${orderId} venció: vuelve a pedir la compra desde tu carrito`);
    const pending = await this.payments.latestPending(manager, orderId);
    if (pending?.checkoutUrl) return { url: pending.checkoutUrl };

    const reference = randomUUID();
    const preference = await this.createPreference({
      orderId,
      reference,
      payerEmail,
      expiresAt,
      items: order.lines.map((line) => ({
        id: `order-detail-${line.id}`,
        // The booked dates ("lunes 7 dic"), as every screen shows them; weekday names only for bookings older than dates.
        title: `${line.professionalName}: ${(line.dates.length > 0 ? line.dates.map(dateLabel) : line.days).join(', ')}`,
        quantity: line.days.length,
        unitPriceCents: divideCents(line.reservationAmountCents, line.days.length),
      })),
    });
    const payment = await this.payments.insert(manager, {
      orderId,
      provider: this.provider.name,
      reference,
      preferenceId: preference.preferenceId,
      checkoutUrl: preference.checkoutUrl,
      amountCents: order.amountCents,
      currency: this.config.payments.currency,
    });
    await this.outbox.record(manager, 'PaymentRequested', { orderId, paymentId: payment.id, preferenceId: preference.preferenceId });
    return { url: preference.checkoutUrl };
  }

  /** The provider being down or refusing is its failure, not ours: 502 with a message the client can show. */
  private async createPreference(request: CheckoutRequest): Promise<CheckoutPreference> {
    try {
      return await this.provider.createPreference(request);
    } catch (error) {
      this.logger.error(`El proveedor de pagos no creó la preferencia de la orden ${request.orderId}: ${(error as Error).message}`);
      throw apiError(HttpStatus.BAD_GATEWAY, 'payment_provider_failed', 'MercadoPago no respondió: intenta pagar de nuevo en unos minutos');
    }
  }
}
