import { Inject, Injectable, Logger } from '@nestjs/common';
import { paymentMismatches, statusAfterPayment } from '@oficios/domain';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { Order } from '../orders/entities/order.entity';
import { OrderStatusChange } from '../orders/entities/order-status-change.entity';
import { OrderTransitions } from '../orders/order-transitions.service';
import { OutboxService } from '../outbox/outbox.service';
import { Payment } from './entities/payment.entity';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderPayment } from './payment-provider';

/** What applying a notified payment came to: 'not-found' when the provider has no such payment (final). */
export type PaymentOutcome = 'applied' | 'not-found';

/** What an approved or rejected payment does to its order, once verified; and the expiry of unpaid orders. */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly outbox: OutboxService,
    private readonly transitions: OrderTransitions,
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
    await this.outbox.transaction(async (manager) => {
      const payments = manager.getRepository(Payment);
      // The link it was paid through: the provider copied our reference from the preference.
      const link = payment.reference ? await payments.findOne({ where: { reference: payment.reference }, order: { id: 'ASC' } }) : null;
      const orderId = link?.orderId ?? payment.orderId;
      const order = orderId === null ? null : await this.transitions.lock(manager, orderId);
      if (!order) {
        this.logger.warn(`Pago ${payment.id} sin orden nuestra (external_reference ${payment.orderId ?? 'vacío'}): se ignora`);
        return;
      }
      const known = await payments.findOne({ where: { providerPaymentId: payment.id } });
      // The same news again (a retried job, a second notification): already applied.
      if (known?.status === payment.status) return;
      const problems = paymentMismatches(payment, {
        orderId: order.id,
        orderAmount: order.amount,
        currency: this.config.payments.currency,
        fromOwnLink: link !== null && link.orderId === payment.orderId,
      });
      const row = await this.record(manager, payment, order, { known, link }, problems);
      if (problems.length > 0) {
        this.logger.warn(`Pago ${payment.id} (${payment.status}) no se aplica a la orden ${order.id}: ${problems.join('; ')}`);
        return;
      }
      await this.moveOrder(manager, order, payment, row);
    });
    return 'applied';
  }

  /**
   * The payment's row with its review and refund flags: the row it already has, else its link's own row when it is
   * the link's first payment, else a new row (a reference is copied only from one of our links, never from the payment).
   */
  private async record(
    manager: EntityManager,
    payment: ProviderPayment,
    order: Order,
    { known, link }: { known: Payment | null; link: Payment | null },
    problems: string[],
  ): Promise<Payment> {
    const payments = manager.getRepository(Payment);
    const fields = {
      providerPaymentId: payment.id,
      status: payment.status,
      amount: payment.amount,
      currency: payment.currency.slice(0, 10),
      needsReview: problems.length > 0,
      refundDue: problems.length > 0 && payment.status === 'approved',
      reviewReason: problems.length > 0 ? problems.join('; ').slice(0, 500) : null,
    };
    const row = known ?? (link?.providerPaymentId === null ? link : null);
    if (row) {
      await payments.update({ id: row.id }, fields);
      return Object.assign(row, fields);
    }
    return payments.save(
      payments.create({
        orderId: order.id,
        provider: this.provider.name,
        reference: link?.reference ?? null,
        preferenceId: link?.preferenceId ?? null,
        ...fields,
      }),
    );
  }

  /** A verified payment's effect on its order (payment rules in libs/domain); money that cannot pay it is owed back. */
  private async moveOrder(manager: EntityManager, order: Order, payment: ProviderPayment, row: Payment): Promise<void> {
    const payments = manager.getRepository(Payment);
    const [lastChange] = await manager
      .getRepository(OrderStatusChange)
      .find({ where: { orderId: order.id }, order: { id: 'DESC' }, take: 1 });
    const cancellation = order.status === 'cancelada' ? (lastChange?.reason ?? null) : null;
    const next = statusAfterPayment(order.status, payment.status, cancellation);
    if (!next) {
      if (payment.status !== 'approved') return;
      const reason = `Pago aprobado para una orden ${order.status === 'cancelada' ? `cancelada (${cancellation ?? 'sin motivo'})` : 'ya pagada'}: hay que devolverlo`;
      this.logger.warn(`Pago ${payment.id} de la orden ${order.id}: ${reason}`);
      await payments.update({ id: row.id }, { needsReview: true, refundDue: true, reviewReason: reason });
      return;
    }
    await this.transitions.change(manager, order, next, {
      changedBy: null,
      reason: next === 'procesando' ? 'payment-approved' : 'payment-rejected',
    });
    if (next === 'procesando') {
      // Paid: the booked professionals leave the cart it came from; anything added since stays.
      if (order.cartId !== null)
        await manager.query(
          `DELETE FROM cart_details WHERE cart_id = $1 AND professional_id IN (SELECT professional_id FROM order_details WHERE order_id = $2)`,
          [order.cartId, order.id],
        );
    } else {
      await payments.update({ orderId: order.id, status: 'pending' }, { status: 'cancelled' });
    }
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
