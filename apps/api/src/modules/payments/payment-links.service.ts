import {
  BadGatewayException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { divideCents } from '@oficios/domain';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { bodyId, optionalBodyId } from '../../common/id.pipe';
import { IdempotencyKeys, idempotencyKeyOf } from '../../common/idempotency/idempotency-keys.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AccountsService } from '../identity';
import { OrderPayments } from '../orders';
import { OutboxService } from '../outbox';
import { PAYMENT_PROVIDER, type CheckoutPreference, type CheckoutRequest, type PaymentProvider } from './payment-provider';
import { PaymentsRepository } from './payments.repository';

const conflict = (message: string) => new ConflictException({ statusCode: 409, error: 'Conflict', message });
const notYours = () => new ForbiddenException({ statusCode: 403, error: 'Forbidden', message: 'Solo puedes pagar tus propias ordenes' });

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
    body: { orderId?: unknown; clientId?: unknown } | undefined,
    idempotencyKey: string | string[] | undefined,
  ): Promise<{ url: string }> {
    if (this.config.payments.mode === 'off')
      throw new ServiceUnavailableException({ statusCode: 503, error: 'Service Unavailable', message: 'Los pagos no están disponibles' });
    const key = idempotencyKeyOf(idempotencyKey);
    const orderId = bodyId(body?.orderId, 'orderId');
    const clientId = optionalBodyId(body?.clientId, 'clientId');
    if (clientId !== undefined && clientId !== actor.id) throw notYours();
    return this.outbox.transaction((manager) =>
      this.idempotency.run(manager, { userId: actor.id, scope: 'POST /api/mercado', key, body }, () =>
        this.paymentLink(manager, actor, orderId),
      ),
    );
  }

  private async paymentLink(manager: EntityManager, actor: SessionUserClaims, orderId: number): Promise<{ url: string }> {
    // Locking the order makes requests for one order take turns: the later ones find the first one's link.
    const order = await this.orders.lock(manager, orderId);
    if (!order) throw new NotFoundException({ statusCode: 404, error: 'Not Found', message: `No existe la orden ${orderId}` });
    if (order.clientId !== actor.id) throw notYours();
    if (order.status !== 'creada') throw conflict(`La orden ${orderId} ya no espera un pago (${order.status})`);
    if (await this.payments.hasApproved(manager, orderId))
      throw conflict(`La orden ${orderId} ya tiene un pago aprobado: no se crea otro link de pago`);
    const pending = await this.payments.latestPending(manager, orderId);
    if (pending?.checkoutUrl) return { url: pending.checkoutUrl };

    const client = (await this.accounts.cardsOf([actor.id])).get(actor.id);
    const reference = randomUUID();
    const preference = await this.createPreference({
      orderId,
      reference,
      payerEmail: client?.email ?? '',
      items: order.lines.map((line) => ({
        id: `order-detail-${line.id}`,
        title: `${line.professionalName}: ${line.days.join(', ')}`,
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
      throw new BadGatewayException({
        statusCode: 502,
        error: 'Bad Gateway',
        message: 'MercadoPago no respondió: intenta pagar de nuevo en unos minutos',
      });
    }
  }
}
