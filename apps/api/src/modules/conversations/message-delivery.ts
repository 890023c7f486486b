import { Injectable } from '@nestjs/common';
import { SOCKET_EVENTS, type MessageView } from '@oficios/domain';
import { RealtimeService } from '../../common/realtime/realtime.service';
import { ConversationViews } from './conversation-views';
import type { ConversationRow } from './conversations.repository';
import { MessagesRepository, type MessageRow } from './messages.repository';

/**
 * A committed message goes out live: `message:new` (masked as the pair's rule says) to both participants, every tab,
 * then each recipient's new `unread` total. Through the Redis adapter it reaches sockets of every API process.
 */
@Injectable()
export class MessageDelivery {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly views: ConversationViews,
    private readonly realtime: RealtimeService,
  ) {}

  async deliver(conversation: ConversationRow, message: MessageRow, imageIds: number[]): Promise<MessageView> {
    const view = this.views.message(message, imageIds, await this.views.isMasked(conversation));
    const participants = [conversation.clientId, conversation.professionalId];
    this.realtime.emit(participants, SOCKET_EVENTS.messageNew, view);
    // A system line is news to both; a person's message to the other one.
    const recipients = participants.filter((id) => id !== message.senderId);
    await this.unreadChanged(recipients);
    return view;
  }

  /** Tells each user its unread total. */
  async unreadChanged(userIds: number[]): Promise<void> {
    for (const userId of userIds) {
      this.realtime.emit([userId], SOCKET_EVENTS.unread, { total: await this.messages.unreadTotal(userId) });
    }
  }
}
