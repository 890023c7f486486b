import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import {
  isPaidStatus,
  paymentMismatches,
  paymentReturnState,
  unappliedPaymentReason,
  type OrderStatus,
  type PaymentReturn,
  type PaymentReturnAnswer,
} from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import type { SessionUserClaims } from '../../common/auth/access.decorator';
import { apiError, conflict, notFound } from '../../common/errors/app-errors';
import { RateLimiter } from '../../common/rate-limiter.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OrderPayments, type PayableOrder } from '../orders';
import { OutboxService } from '../outbox';
import type { Payment } from './entities/payment.entity';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderPayment } from './payment-provider';
import { RefundSettlements } from './refund-settlements.service';
import { PaymentsRepository } from './payments.repository';

/** How many back-URL payments a client may have read from the provider in a minute. */
const RETURNS_PER_MINUTE = 20;

/** What applying a notified payment came to: 'not-found' when the provider has no such payment (final). */
export type PaymentOutcome = 'applied' | 'not-found';

/**
 * What an approved or rejected payment does to its order, once verified (money that cannot pay it goes back), and
 * orders' changes: a cancelled order's links close, here and at the provider (the only place they are closed).
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly outbox: OutboxService,
    private readonly orders: OrderPayments,
    private readonly payments: PaymentsRepository,
    private readonly refunds: RefundSettlements,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * Worker side of PaymentNotified: reads the payment from the provider and applies it once. It moves its order only
   * when it came from a link we created for that order (our reference in its metadata), in our currency, for at least
   * the order's amount; anything else is recorded for the administrators (needs review, refund due when money was
   * taken) and moves nothing. Safe to repeat: the payment row is keyed by the provider's id.
   */
  async applyProviderPayment(providerPaymentId: string): Promise<PaymentOutcome> {
    const payment = await this.provider.getPayment(providerPaymentId);
    if (!payment) {
      this.logger.warn(`El pago ${providerPaymentId} no existe en ${this.provider.name}: la notificación se descarta`);
      return 'not-found';
    }
    await this.outbox.transaction((manager) => this.apply(manager, payment));
    return 'applied';
  }

  /**
   * `POST /api/mercado/return`: the back URL's payment (and order) checked against the provider, never believed: the
   * payment is read from MercadoPago and applied as its notification would be (the notification may be late, or
   * lost), for the client whose order it pays. Without a payment (the client left the payment page), the provider's
   * latest payment of the order is read instead. Answers the order's status then and its payment's state. Anyone
   * else's payment or order, or one the provider does not know: 404; a payment of another order than the URL names: 409.
   */
  async applyReturnedPayment(actor: SessionUserClaims, back: PaymentReturn): Promise<PaymentReturnAnswer> {
    // Each one asks the provider: a page reloaded over and over must not turn into a stream of calls to MercadoPago.
    const blockedFor = await this.limiter.consume([{ key: `payment-return:${actor.id}`, limit: RETURNS_PER_MINUTE, windowSeconds: 60 }]);
    if (blockedFor > 0)
      throw apiError(HttpStatus.TOO_MANY_REQUESTS, 'too_many_requests', 'Demasiados intentos: espera un minuto y recarga la página', {
        retryAfter: blockedFor,
      });
    const named = [back.orderId, back.externalReference].filter((id): id is number => id !== undefined);
    if (new Set(named).size > 1) throw conflict('payment_mismatch', 'La vuelta de MercadoPago nombra dos órdenes distintas');
    const namedOrder = named[0] ?? null;
    if (back.paymentId === undefined) return this.returnedWithoutPayment(actor, namedOrder!);

    const notYours = () => notFound(`No existe el pago ${back.paymentId}`);
    const payment = await this.provider.getPayment(back.paymentId);
    if (!payment) throw notYours();
    return this.outbox.transaction(async (manager) => {
      const order = await this.apply(manager, payment, (found) => {
        if (found.clientId !== actor.id) throw notYours();
        // Checked before anything is applied: a payment of another order than the back URL's is not this return's.
        if (namedOrder !== null && found.id !== namedOrder)
          throw conflict('payment_mismatch', `El pago ${back.paymentId} no es de la orden ${namedOrder}`);
      });
      if (!order) throw notYours();
      const status = (await this.orders.lock(manager, order.id))!.status;
      return { orderId: order.id, status, payment: paymentReturnState(status, payment.status) };
    });
  }

  /** Back without a payment: the order's own state, with the provider's latest payment of it applied if there is one. */
  private async returnedWithoutPayment(actor: SessionUserClaims, orderId: number): Promise<PaymentReturnAnswer> {
    const notYours = () => notFound(`No existe la orden ${orderId}`);
    const owner = await this.outbox.transaction(async (manager) => (await this.orders.lock(manager, orderId))?.clientId ?? null);
    if (owner !== actor.id) throw notYours();
    const [latestId] = await this.provider.searchPayments(orderId);
    const latest = latestId ? await this.provider.getPayment(latestId) : null;
    return this.outbox.transaction(async (manager) => {
      // Only a payment of this very order counts (a search answers by external_reference, which anyone can set).
      const applied =
        latest?.orderId === orderId &&
        (await this.apply(manager, latest, (found) => {
          if (found.id !== orderId) throw conflict('payment_mismatch', `El último pago de la orden ${orderId} es de otra orden`);
        }));
      const status = (await this.orders.lock(manager, orderId))!.status;
      return { orderId, status, payment: paymentReturnState(status, applied ? latest.status : null) };
    });
  }

  /**
   * The worker's reconciliation of an order still waiting for its payment: every payment the provider holds for it is
   * applied as its notification would be (one whose notification was lost pays its order now). Answers how many.
   */
  async reconcileOrder(orderId: number): Promise<number> {
    const ids = await this.provider.searchPayments(orderId);
    for (const id of ids) await this.applyProviderPayment(id);
    return ids.length;
  }

  /** Orders with a payment link still open (a payment of theirs may have gone unnoticed), with when the first was handed out. */
  ordersWithOpenLinks(): Promise<{ orderId: number; linkedAt: Date }[]> {
    return this.payments.ordersWithOpenLinks();
  }

  /** A provider payment applied in the caller's transaction; answers its order (locked), or null when it is not ours. */
  private async apply(
    manager: EntityManager,
    payment: ProviderPayment,
    check: (order: PayableOrder) => void = () => undefined,
  ): Promise<PayableOrder | null> {
    // The link it was paid through: the provider copied our reference from the preference.
    const link = payment.reference ? await this.payments.findByReference(manager, payment.reference) : null;
    const orderId = link?.orderId ?? payment.orderId;
    const order = orderId === null ? null : await this.orders.lock(manager, orderId);
    if (!order) {
      this.logger.warn(`Pago ${payment.id} sin orden nuestra (external_reference ${payment.orderId ?? 'vacío'}): se ignora`);
      return null;
    }
    check(order);
    await this.applyToOrder(manager, payment, order, link);
    return order;
  }

  /**
   * Applies the payment once: it moves its order only when it came from a link we created for that order, in our
   * currency, for at least the order's amount; anything else is recorded for the administrators (needs review, refund
   * due when money was taken) and moves nothing.
   */
  private async applyToOrder(manager: EntityManager, payment: ProviderPayment, order: PayableOrder, link: Payment | null): Promise<void> {
    const known = await this.payments.findByProviderId(manager, payment.id);
    // Refunds the provider settled (it notifies them as a change of the payment): our rows waiting for them settle.
    if (known) await this.refunds.settleFromProvider(manager, known.id, payment.refunds);
    // The same news again (a retried job, a second notification, a refund: the payment still reads approved): already applied.
    if (known?.status === payment.status) return;
    const problems = paymentMismatches(payment, {
      orderId: order.id,
      orderAmountCents: order.amountCents,
      currency: this.config.payments.currency,
      fromOwnLink: link !== null && link.orderId === payment.orderId,
    });
    // A refunded payment reads approved; one given back in full before we applied it never paid the order.
    const givenBack = payment.status === 'approved' && payment.amountCents > 0 && payment.refundedCents >= payment.amountCents;
    if (givenBack) problems.push('El pago ya estaba devuelto por completo cuando se conoció: no paga la orden');
    const row = await this.record(manager, payment, order, { known, link }, problems);
    if (givenBack && row.refundDue) {
      await this.payments.update(manager, row.id, { refundDue: false });
      row.refundDue = false;
    }
    if (problems.length > 0) {
      this.logger.warn(`Pago ${payment.id} (${payment.status}) no se aplica a la orden ${order.id}: ${problems.join('; ')}`);
      await this.alert(manager, row);
      return;
    }
    const effect = await this.orders.applyPayment(manager, order.id, payment.status);
    if (effect.moved) return;
    if (payment.status !== 'approved') return;
    // Money that cannot pay its order (cancelled meanwhile, or paid already) goes back by itself, and its client is
    // told why; the administrators see it with the order until it is back.
    const reason = `Pago aprobado para una orden ${effect.why}: se devuelve automáticamente`;
    this.logger.warn(`Pago ${payment.id} de la orden ${order.id}: ${reason}`);
    const fields = { needsReview: true, refundDue: true, reviewReason: reason };
    await this.payments.update(manager, row.id, fields);
    await this.alert(manager, Object.assign(row, fields));
    await this.outbox.record(manager, 'PaymentNotApplied', {
      paymentId: row.id,
      orderId: order.id,
      clientId: order.clientId,
      amountCents: payment.amountCents,
      reason: unappliedPaymentReason(effect.status, effect.cancellation),
    });
  }

  /**
   * The payment's row with its review and refund flags: the row it already has, else its link's own row when it is
   * the link's first payment, else a new row (a reference is copied only from one of our links, never from the payment).
   */
  private async record(
    manager: EntityManager,
    payment: ProviderPayment,
    order: PayableOrder,
    { known, link }: { known: Payment | null; link: Payment | null },
    problems: string[],
  ): Promise<Payment> {
    const fields = {
      providerPaymentId: payment.id,
      status: payment.status,
      amountCents: payment.amountCents,
      currency: payment.currency.slice(0, 10),
      needsReview: problems.length > 0,
      refundDue: problems.length > 0 && payment.status === 'approved',
      reviewReason: problems.length > 0 ? problems.join('; ').slice(0, 500) : null,
    };
    const row = known ?? (link?.providerPaymentId === null ? link : null);
    if (row) {
      await this.payments.update(manager, row.id, fields);
      return Object.assign(row, fields);
    }
    return this.payments.insert(manager, {
      orderId: order.id,
      provider: this.provider.name,
      reference: link?.reference ?? null,
      preferenceId: link?.preferenceId ?? null,
      ...fields,
    });
  }

  /** The administrators see the payment with its order. */
  private async alert(manager: EntityManager, row: Payment): Promise<void> {
    await this.orders.reportAlert(manager, {
      orderId: row.orderId,
      paymentId: row.id,
      needsReview: row.needsReview,
      refundDue: row.refundDue,
      reason: row.reviewReason ?? '',
    });
  }

  /**
   * OrderStatusChanged: a cancelled order's open links can no longer pay it, and the money of a paid order an
   * administrator cancelled is owed back (the order shows the alert already). Idempotent.
   */
  async orderChanged(change: { orderId: number; from: OrderStatus; to: OrderStatus; reason: string }): Promise<void> {
    if (change.to !== 'cancelada') return;
    const preferenceIds = await this.outbox.transaction(async (manager) => {
      await this.payments.cancelPending(manager, change.orderId);
      if (change.reason === 'admin' && isPaidStatus(change.from))
        await this.payments.markRefundDue(
          manager,
          change.orderId,
          `Orden ${change.from} cancelada por un administrador: hay que devolver el pago`,
        );
      return this.payments.preferenceIdsOf(manager, change.orderId);
    });
    // At the provider too: a link of a dead order takes no more money (closing one twice changes nothing; a failure
    // retries the job).
    for (const preferenceId of preferenceIds) await this.provider.closePreference(preferenceId);
  }
}
