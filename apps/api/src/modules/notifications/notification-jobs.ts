import { Inject, Injectable } from '@nestjs/common';
import {
  BOOKING_STATUS_LABELS,
  QUEUES,
  SOCKET_EVENTS,
  dateLabel,
  formatMoney,
  type DisputeEventPayload,
  type EventJobData,
} from '@oficios/domain';
import { QueueJob, type JobHandler } from '../../common/queues/job-handler';
import { RealtimeService } from '../../common/realtime/realtime.service';
import { BOOKING_DECISION_PURPOSE, signLink } from '../../common/signed-links/signed-links';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AccountsService } from '../identity';
import { BookingsService } from '../bookings';
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
    // The event carries the amount (an order's amount never changes); an older event's is read.
    const amountCents = payload.amountCents ?? (await this.orders.summaryOf(payload.orderId))?.amountCents;
    if (amountCents === undefined) return;
    await this.notifications.notify(eventId, [
      {
        userId: payload.clientId,
        kind: 'order-created',
        message: `Tu orden ${payload.orderId} por ${formatMoney(amountCents)} fue creada y espera el pago`,
        data: { orderId: payload.orderId },
      },
    ]);
  }
}

/**
 * OrderStatusChanged: the client hears of every change, and its open pages at once (`order:status` on its sockets);
 * each booked professional, of a new paid job (in-app and by mail).
 */
@Injectable()
@QueueJob(QUEUES.notifications, 'OrderStatusChanged')
export class OrderStatusNoticeJob implements JobHandler<EventJobData<'OrderStatusChanged'>> {
  constructor(
    private readonly orders: OrdersService,
    private readonly accounts: AccountsService,
    private readonly notifications: NotificationsService,
    private readonly realtime: RealtimeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The mail's "Aceptar" / "Rechazar": single-use because the booking is decided once; valid until the answer is due.
   * The web page `/trabajos/decision` posts the token and the action to `POST /api/bookings/decision`.
   */
  private decisionLinks(lineId: number, professionalId: number, responseDueAt: string | null): string {
    if (!responseDueAt) return '';
    const token = signLink(this.config.session.secret, BOOKING_DECISION_PURPOSE, { lineId, professionalId }, Date.parse(responseDueAt));
    const link = (action: 'accept' | 'decline') => `${this.config.webUrl}/trabajos/decision?token=${token}&action=${action}`;
    return `\n\nAceptar: ${link('accept')}\nRechazar: ${link('decline')}\n`;
  }

  async handle({ eventId, payload }: EventJobData<'OrderStatusChanged'>): Promise<void> {
    const drafts: NoticeDraft[] = [
      {
        userId: payload.clientId,
        kind: 'order-status',
        message:
          payload.reason === 'cart-changed'
            ? `Tu orden ${payload.orderId} fue reemplazada por otra orden: cambiaste tu carrito`
            : `Tu orden ${payload.orderId} pasó de ${payload.from} a ${payload.to}`,
        data: { orderId: payload.orderId, from: payload.from, to: payload.to },
      },
    ];
    const order = payload.to === 'procesando' ? await this.orders.summaryOf(payload.orderId) : null;
    if (order) {
      const client = (await this.accounts.cardsOf([order.clientId])).get(order.clientId);
      for (const line of order.lines) {
        const dates = line.dates.length > 0 ? line.dates.map(dateLabel).join(', ') : `los dias ${line.days.join(', ')}`;
        const message =
          `Nuevo trabajo pagado (orden ${payload.orderId}): ${client?.firstName ?? 'Un cliente'}, ${client?.address ?? ''}, ` +
          `${dates}, por ${formatMoney(line.amountCents)}. Acéptalo o recházalo en tu perfil, en "Trabajos".`;
        drafts.push({
          userId: line.professionalId,
          kind: 'new-job',
          message,
          data: { orderId: payload.orderId, lineId: line.id, days: line.days, dates: line.dates },
          mail: {
            subject: `Oficios: nuevo trabajo pagado (orden ${payload.orderId})`,
            text: message + this.decisionLinks(line.id, line.professionalId, line.responseDueAt),
          },
        });
      }
    }
    await this.notifications.notify(eventId, drafts);
    // Live once recorded (a retried job sends it again: the pages only read the order again).
    this.realtime.emit([payload.clientId], SOCKET_EVENTS.orderStatus, {
      orderId: payload.orderId,
      status: payload.to,
      reason: payload.reason,
    });
  }
}

/**
 * BookingStatusChanged: each person a booking's move concerns hears of it, in the app and by mail. The professional gets
 * the paid job (client's first name, dates, address, amount) to accept or decline; the client hears of the answer,
 * the expiry and every cancellation.
 */
@Injectable()
@QueueJob(QUEUES.notifications, 'BookingStatusChanged')
export class BookingStatusNoticeJob implements JobHandler<EventJobData<'BookingStatusChanged'>> {
  constructor(
    private readonly bookings: BookingsService,
    private readonly accounts: AccountsService,
    private readonly notifications: NotificationsService,
  ) {}

  async handle({ eventId, payload }: EventJobData<'BookingStatusChanged'>): Promise<void> {
    const line = await this.bookings.summaryOf(payload.lineId);
    if (!line) return;
    const people = await this.accounts.cardsOf([payload.clientId, payload.professionalId]);
    // The client is named in the professional's job notice (OrderStatusChanged); here only the professional is.
    const professional = people.get(payload.professionalId);
    const professionalName = professional ? `${professional.firstName} ${professional.lastName}` : 'El profesional';
    const dates = line.dates.map(dateLabel).join(', ') || 'sin fecha';
    const amount = formatMoney(line.amountCents);
    const data = { orderId: payload.orderId, lineId: payload.lineId, from: payload.from, to: payload.to };
    const drafts: NoticeDraft[] = [];
    const toClient = (message: string) =>
      drafts.push({
        userId: payload.clientId,
        kind: 'booking-status',
        message,
        data,
        mail: { subject: `Oficios: tu reserva ${payload.lineId}` },
      });
    const toProfessional = (message: string, subject: string) =>
      drafts.push({ userId: payload.professionalId, kind: 'booking-status', message, data, mail: { subject } });
    switch (payload.event) {
      case 'paid':
        // The professional's job notice and mail go with the order's (OrderStatusChanged to procesando), once per line.
        toClient(`Tu reserva con ${professionalName} (${dates}) está pagada y espera la respuesta del profesional`);
        break;
      case 'accepted':
        toClient(`${professionalName} aceptó tu reserva: ${dates}`);
        break;
      case 'declined':
        toClient(`${professionalName} rechazó tu reserva (${dates})${payload.note ? `: ${payload.note}` : ''}. Te devolvemos ${amount}.`);
        break;
      case 'response_deadline_passed':
        toClient(`${professionalName} no respondió a tiempo tu reserva (${dates}). Te devolvemos ${amount}.`);
        toProfessional(`La reserva ${payload.lineId} (${dates}) venció sin tu respuesta`, `Oficios: reserva ${payload.lineId} vencida`);
        break;
      case 'refunded':
        toClient(`Te devolvimos ${formatMoney(line.refundedCents)} de tu reserva con ${professionalName} (${dates})`);
        break;
      case 'payment_window_passed':
        break; // the order's own notice (OrderStatusChanged) says it
      default:
        toClient(`Tu reserva con ${professionalName} (${dates}) está ${BOOKING_STATUS_LABELS[payload.to]}`);
        if (payload.from !== 'awaiting_payment')
          toProfessional(
            `La reserva ${payload.lineId} (${dates}) está ${BOOKING_STATUS_LABELS[payload.to]}`,
            `Oficios: reserva ${payload.lineId} ${BOOKING_STATUS_LABELS[payload.to]}`,
          );
    }
    if (drafts.length > 0) await this.notifications.notify(eventId, drafts);
  }
}

/**
 * BookingDatesCancelled: the other side hears which dates are off and which still on, in the app and by mail as of a
 * whole cancellation; the client, cancelled by the professional, also what comes back.
 */
@Injectable()
@QueueJob(QUEUES.notifications, 'BookingDatesCancelled')
export class BookingDatesCancelledNoticeJob implements JobHandler<EventJobData<'BookingDatesCancelled'>> {
  constructor(
    private readonly accounts: AccountsService,
    private readonly notifications: NotificationsService,
  ) {}

  async handle({ eventId, payload }: EventJobData<'BookingDatesCancelled'>): Promise<void> {
    const people = await this.accounts.cardsOf([payload.clientId, payload.professionalId]);
    const cancelled = payload.dates.map(dateLabel).join(', ');
    const remaining = payload.remainingDates.map(dateLabel).join(', ');
    const data = { orderId: payload.orderId, lineId: payload.lineId, dates: payload.dates, remainingDates: payload.remainingDates };
    if (payload.by === 'client') {
      const clientName = people.get(payload.clientId)?.firstName ?? 'El cliente';
      await this.notifications.notify(eventId, [
        {
          userId: payload.professionalId,
          kind: 'booking-dates-cancelled',
          message: `${clientName} canceló ${cancelled} de la reserva ${payload.lineId}. Sigue en pie: ${remaining}.`,
          data,
          mail: { subject: `Oficios: días cancelados en la reserva ${payload.lineId}` },
        },
      ]);
      return;
    }
    const professional = people.get(payload.professionalId);
    const professionalName = professional ? `${professional.firstName} ${professional.lastName}` : 'El profesional';
    const refund = payload.refundCents > 0 ? ` Te devolvemos ${formatMoney(payload.refundCents)}.` : '';
    await this.notifications.notify(eventId, [
      {
        userId: payload.clientId,
        kind: 'booking-dates-cancelled',
        message: `${professionalName} canceló ${cancelled} de tu reserva ${payload.lineId}.${refund} Sigue en pie: ${remaining}.`,
        data: { ...data, refundCents: payload.refundCents },
        mail: { subject: `Oficios: días cancelados en tu reserva ${payload.lineId}` },
      },
    ]);
  }
}

/** What a dispute's notices say of its booking: the professional's name and the dates. */
async function disputeContext(bookings: BookingsService, accounts: AccountsService, payload: DisputeEventPayload) {
  const line = await bookings.summaryOf(payload.lineId);
  const people = await accounts.cardsOf([payload.clientId, payload.professionalId]);
  const professional = people.get(payload.professionalId);
  return {
    dates: line?.dates.map(dateLabel).join(', ') || 'sin fecha',
    professionalName: professional ? `${professional.firstName} ${professional.lastName}` : 'El profesional',
    clientName: people.get(payload.clientId)?.firstName ?? 'El cliente',
    data: { orderId: payload.orderId, lineId: payload.lineId, disputeId: payload.disputeId },
  };
}

/** DisputeOpened: the professional hears of the client's report (to answer it); the client, that it was received. */
@Injectable()
@QueueJob(QUEUES.notifications, 'DisputeOpened')
export class DisputeOpenedNoticeJob implements JobHandler<EventJobData<'DisputeOpened'>> {
  constructor(
    private readonly bookings: BookingsService,
    private readonly accounts: AccountsService,
    private readonly notifications: NotificationsService,
  ) {}

  async handle({ eventId, payload }: EventJobData<'DisputeOpened'>): Promise<void> {
    const { dates, clientName, data } = await disputeContext(this.bookings, this.accounts, payload);
    await this.notifications.notify(eventId, [
      {
        userId: payload.professionalId,
        kind: 'dispute',
        message: `${clientName} reportó un problema con la reserva ${payload.lineId} (${dates}). Responde en tu perfil, en "Trabajos".`,
        data,
        mail: { subject: `Oficios: problema reportado en la reserva ${payload.lineId}` },
      },
      {
        userId: payload.clientId,
        kind: 'dispute',
        message: `Recibimos tu reporte sobre la reserva ${payload.lineId} (${dates}): un administrador lo revisará`,
        data,
        mail: { subject: `Oficios: recibimos tu reporte de la reserva ${payload.lineId}` },
      },
    ]);
  }
}

/** DisputeAnswered: the client reads the professional's side. */
@Injectable()
@QueueJob(QUEUES.notifications, 'DisputeAnswered')
export class DisputeAnsweredNoticeJob implements JobHandler<EventJobData<'DisputeAnswered'>> {
  constructor(
    private readonly bookings: BookingsService,
    private readonly accounts: AccountsService,
    private readonly notifications: NotificationsService,
  ) {}

  async handle({ eventId, payload }: EventJobData<'DisputeAnswered'>): Promise<void> {
    const { dates, professionalName, data } = await disputeContext(this.bookings, this.accounts, payload);
    await this.notifications.notify(eventId, [
      {
        userId: payload.clientId,
        kind: 'dispute',
        message: `${professionalName} respondió a tu reporte sobre la reserva ${payload.lineId} (${dates})`,
        data,
        mail: { subject: `Oficios: respuesta a tu reporte de la reserva ${payload.lineId}` },
      },
    ]);
  }
}

/** DisputeResolved: both sides hear the administrator's resolution (and the client, what comes back). */
@Injectable()
@QueueJob(QUEUES.notifications, 'DisputeResolved')
export class DisputeResolvedNoticeJob implements JobHandler<EventJobData<'DisputeResolved'>> {
  constructor(
    private readonly bookings: BookingsService,
    private readonly accounts: AccountsService,
    private readonly notifications: NotificationsService,
  ) {}

  async handle({ eventId, payload }: EventJobData<'DisputeResolved'>): Promise<void> {
    const { dates, data } = await disputeContext(this.bookings, this.accounts, payload);
    const outcome = payload.refundCents > 0 ? `te devolvemos ${formatMoney(payload.refundCents)}` : 'sin devolución';
    const resolved = { ...data, resolution: payload.resolution, refundCents: payload.refundCents };
    await this.notifications.notify(eventId, [
      {
        userId: payload.clientId,
        kind: 'dispute',
        message: `Resolvimos tu reporte sobre la reserva ${payload.lineId} (${dates}): ${outcome}`,
        data: resolved,
        mail: { subject: `Oficios: tu reporte de la reserva ${payload.lineId} fue resuelto` },
      },
      {
        userId: payload.professionalId,
        kind: 'dispute',
        message: `El problema reportado en la reserva ${payload.lineId} (${dates}) fue resuelto${
          payload.refundCents > 0 ? `: se devuelven ${formatMoney(payload.refundCents)} al cliente` : ' sin devolución'
        }`,
        data: resolved,
        mail: { subject: `Oficios: problema de la reserva ${payload.lineId} resuelto` },
      },
    ]);
  }
}

/** PaymentNotApplied: the client hears, in the app and by mail, that a payment which could not pay its order comes back. */
@Injectable()
@QueueJob(QUEUES.notifications, 'PaymentNotApplied')
export class PaymentNotAppliedNoticeJob implements JobHandler<EventJobData<'PaymentNotApplied'>> {
  constructor(private readonly notifications: NotificationsService) {}

  async handle({ eventId, payload }: EventJobData<'PaymentNotApplied'>): Promise<void> {
    const message =
      `Tu pago de ${formatMoney(payload.amountCents)} llegó cuando tu orden ${payload.orderId} ya no podía pagarse ` +
      `(${payload.reason}): te lo devolvemos completo. MercadoPago lo acredita en tu medio de pago en unos días.`;
    await this.notifications.notify(eventId, [
      {
        userId: payload.clientId,
        kind: 'payment-not-applied',
        message,
        data: { orderId: payload.orderId },
        mail: { subject: `Oficios: te devolvemos tu pago de la orden ${payload.orderId}` },
      },
    ]);
  }
}
