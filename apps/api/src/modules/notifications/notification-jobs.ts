import { Injectable } from '@nestjs/common';
import { QUEUES, formatMoney, type EventJobData } from '@oficios/domain';
import { QueueJob, type JobHandler } from '../../common/queues/job-handler';
import { AccountsService } from '../identity';
import { OrdersService } from '../orders';
import { NotificationsService, type NoticeDraft } from './notifications.service';

/** OrderCreated: the client sees that its order waits for payment. */
@Injectable()
@QueueJob(QUEUES.notifications, 'OrderCreated')
export class OrderCreatedNoticeJob implements JobHandler<EventJobData<'OrderCreated'>> {
  constructor(
    private readonly orders: OrdersService,
    private readonly notifications: NotificationsService,
  ) {}

  async handle({ eventId, payload }: EventJobData<'OrderCreated'>): Promise<void> {
    const order = await this.orders.summaryOf(payload.orderId);
    if (!order) return;
    await this.notifications.notify(eventId, [
      {
        userId: payload.clientId,
        kind: 'order-created',
        message: `Tu orden ${payload.orderId} por ${formatMoney(order.amountCents)} fue creada y espera el pago`,
        data: { orderId: payload.orderId },
      },
    ]);
  }
}

/** OrderStatusChanged: the client hears of every change; each booked professional, of a new paid job (in-app and by mail). */
@Injectable()
@QueueJob(QUEUES.notifications, 'OrderStatusChanged')
export class OrderStatusNoticeJob implements JobHandler<EventJobData<'OrderStatusChanged'>> {
  constructor(
    private readonly orders: OrdersService,
    private readonly accounts: AccountsService,
    private readonly notifications: NotificationsService,
  ) {}

  async handle({ eventId, payload }: EventJobData<'OrderStatusChanged'>): Promise<void> {
    const drafts: NoticeDraft[] = [
      {
        userId: payload.clientId,
        kind: 'order-status',
        message: `Tu orden ${payload.orderId} pasó de ${payload.from} a ${payload.to}`,
        data: { orderId: payload.orderId, from: payload.from, to: payload.to },
      },
    ];
    const order = payload.to === 'procesando' ? await this.orders.summaryOf(payload.orderId) : null;
    if (order) {
      const client = (await this.accounts.cardsOf([order.clientId])).get(order.clientId);
      const clientName = client ? `${client.firstName} ${client.lastName}` : 'Un cliente';
      for (const line of order.lines) {
        drafts.push({
          userId: line.professionalId,
          kind: 'new-job',
          message: `Nuevo trabajo pagado (orden ${payload.orderId}): ${clientName}, ${client?.address ?? ''}, los dias ${line.days.join(', ')}`,
          data: { orderId: payload.orderId, days: line.days },
          mail: { subject: `Oficios: nuevo trabajo pagado (orden ${payload.orderId})` },
        });
      }
    }
    await this.notifications.notify(eventId, drafts);
  }
}
