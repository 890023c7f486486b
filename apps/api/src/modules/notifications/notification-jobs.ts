import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { QUEUES, type EventJobData } from '@oficios/domain';
import { DataSource } from 'typeorm';
import { QueueJob, type JobHandler } from '../../common/queues/job-handler';
import { NotificationsService, type NoticeDraft } from './notifications.service';

const money = (value: number) => `$${value.toLocaleString('es-AR', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

/** OrderCreated: the client sees that its order waits for payment. */
@Injectable()
@QueueJob(QUEUES.notifications, 'OrderCreated')
export class OrderCreatedNoticeJob implements JobHandler<EventJobData<'OrderCreated'>> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
  ) {}

  async handle({ eventId, payload }: EventJobData<'OrderCreated'>): Promise<void> {
    const [order]: { amount: number }[] = await this.dataSource.query('SELECT amount::float8 AS amount FROM orders WHERE id = $1', [
      payload.orderId,
    ]);
    if (!order) return;
    await this.notifications.notify(eventId, [
      {
        userId: payload.clientId,
        kind: 'order-created',
        message: `Tu orden ${payload.orderId} por ${money(order.amount)} fue creada y espera el pago`,
        data: { orderId: payload.orderId },
      },
    ]);
  }
}

interface BookedLine {
  professionalId: number;
  days: string[];
  clientName: string;
  clientAddress: string;
}

/** OrderStatusChanged: the client hears of every change; each booked professional, of a new paid job (in-app and by mail). */
@Injectable()
@QueueJob(QUEUES.notifications, 'OrderStatusChanged')
export class OrderStatusNoticeJob implements JobHandler<EventJobData<'OrderStatusChanged'>> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
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
    if (payload.to === 'procesando') {
      const lines: BookedLine[] = await this.dataSource.query(
        `SELECT od.professional_id AS "professionalId", od.days, c.first_name || ' ' || c.last_name AS "clientName", c.address AS "clientAddress"
         FROM order_details od JOIN users c ON c.id = od.client_id WHERE od.order_id = $1 ORDER BY od.id`,
        [payload.orderId],
      );
      for (const line of lines) {
        drafts.push({
          userId: line.professionalId,
          kind: 'new-job',
          message: `Nuevo trabajo pagado (orden ${payload.orderId}): ${line.clientName}, ${line.clientAddress}, los dias ${line.days.join(', ')}`,
          data: { orderId: payload.orderId, days: line.days },
          mail: { subject: `Oficios: nuevo trabajo pagado (orden ${payload.orderId})` },
        });
      }
    }
    await this.notifications.notify(eventId, drafts);
  }
}
