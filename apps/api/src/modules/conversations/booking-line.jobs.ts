import { Injectable } from '@nestjs/common';
import { QUEUES, systemLineOfMove, systemLineOfRefund, type EventJobData } from '@oficios/domain';
import { BookingsService } from '../bookings';
import { JobRequestsService } from '../job-requests';
import { ConversationThreads } from './conversation-threads';
import { MessagesRepository } from './messages.repository';
import { MessageDelivery } from './message-delivery';
import { QueueJob, type JobHandler } from '../../common/queues/job-handler';

/** Adds a system line to the booking's thread once per event (a redelivered event finds it there) and delivers it. */
@Injectable()
export class SystemLines {
  constructor(
    private readonly threads: ConversationThreads,
    private readonly messages: MessagesRepository,
    private readonly delivery: MessageDelivery,
  ) {}

  async add(eventId: string, line: { id: number; clientId: number; professionalId: number }, text: string): Promise<void> {
    const { conversation } = await this.threads.forLine(line);
    const added = await this.messages.addMessage({
      conversationId: conversation.id,
      senderId: null,
      kind: 'system',
      text,
      sourceEventId: eventId,
    });
    if (added) await this.delivery.deliver(conversation, added.message, []);
  }
}

/** BookingStatusChanged: paid, accepted, declined, cancelled... as a line of the booking's thread. */
@Injectable()
@QueueJob(QUEUES.conversations, 'BookingStatusChanged')
export class LineStatusSystemLineJob implements JobHandler<EventJobData<'BookingStatusChanged'>> {
  constructor(private readonly lines: SystemLines) {}

  async handle({ eventId, payload }: EventJobData<'BookingStatusChanged'>): Promise<void> {
    const text = systemLineOfMove(payload.event);
    if (!text) return;
    await this.lines.add(eventId, { id: payload.lineId, clientId: payload.clientId, professionalId: payload.professionalId }, text);
  }
}

/** BookingRefundSettled (approved): "Reembolso de $ <amount>" in the booking's thread. */
@Injectable()
@QueueJob(QUEUES.conversations, 'BookingRefundSettled')
export class LineRefundSystemLineJob implements JobHandler<EventJobData<'BookingRefundSettled'>> {
  constructor(
    private readonly lines: SystemLines,
    private readonly bookings: BookingsService,
  ) {}

  async handle({ eventId, payload }: EventJobData<'BookingRefundSettled'>): Promise<void> {
    if (payload.status !== 'approved') return;
    const line = await this.bookings.partiesOf(payload.lineId);
    if (!line) return;
    await this.lines.add(eventId, line, systemLineOfRefund(payload.amountCents));
  }
}

/**
 * OrderCreated: each booking's conversation opens with the client's job request (its text and photos, as the client's
 * message), once per event. The pair's earlier inquiry, if any, becomes that conversation, so the request follows it.
 */
@Injectable()
@QueueJob(QUEUES.conversations, 'OrderCreated')
export class JobRequestMessageJob implements JobHandler<EventJobData<'OrderCreated'>> {
  constructor(
    private readonly bookings: BookingsService,
    private readonly jobRequests: JobRequestsService,
    private readonly threads: ConversationThreads,
    private readonly messages: MessagesRepository,
    private readonly delivery: MessageDelivery,
  ) {}

  async handle({ eventId, payload }: EventJobData<'OrderCreated'>): Promise<void> {
    for (const booking of await this.bookings.recordsOfOrders([payload.orderId])) {
      if (booking.jobRequestText === null && booking.jobRequestImageIds.length === 0) continue;
      const { conversation } = await this.threads.forLine(booking);
      const images = await this.jobRequests.storedImages(booking.jobRequestImageIds);
      const added = await this.messages.addMessage(
        {
          conversationId: conversation.id,
          senderId: booking.clientId,
          kind: 'text',
          text: booking.jobRequestText ?? '',
          sourceEventId: eventId,
        },
        images,
      );
      if (added) await this.delivery.deliver(conversation, added.message, added.imageIds);
    }
  }
}
