import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { QUEUES, maskContacts, messageMailJobId, type TaskJobData } from '@oficios/domain';
import type { Queue } from 'bullmq';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { MailService } from '../../common/mail/mail.service';
import { QueueJob, type JobHandler } from '../../common/queues/job-handler';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AccountsService } from '../identity';
import { ConversationViews } from './conversation-views';
import { ConversationsRepository } from './conversations.repository';
import { MessagesRepository } from './messages.repository';

type MessageMailData = TaskJobData<'message-mail'>;

/**
 * "When the recipient is away": each message schedules a mail MESSAGE_MAIL_DELAY_MINUTES later, keyed by
 * conversation, recipient and delay window (windows counted on the app's clock), so a burst of messages makes one
 * job; reading the conversation removes the pending one.
 */
@Injectable()
export class MessageMailScheduler {
  constructor(
    @InjectQueue(QUEUES.conversations) private readonly queue: Queue,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get delayMs(): number {
    return this.config.messages.mailDelayMinutes * 60_000;
  }

  /** The current delay window (a number that changes every MESSAGE_MAIL_DELAY_MINUTES). */
  window(at: Date = this.clock.now()): number {
    return Math.floor(at.getTime() / this.delayMs);
  }

  /** A mail for the recipient after the delay, unless one is already due for this conversation in this window. */
  async schedule(conversationId: number, recipientId: number, messageId: number): Promise<void> {
    const data: MessageMailData = { conversationId, recipientId, messageId };
    // Same id in the same window: BullMQ keeps the first job and ignores the rest.
    await this.queue.add('message-mail', data, {
      jobId: messageMailJobId(conversationId, recipientId, this.window()),
      delay: this.delayMs,
    });
  }

  /** The recipient read the conversation: its pending mail (of this window or the one before) is not needed. */
  async cancel(conversationId: number, recipientId: number): Promise<void> {
    const now = this.window();
    for (const window of [now, now - 1]) {
      const job = await this.queue.getJob(messageMailJobId(conversationId, recipientId, window));
      // Only a job still waiting for its time: a sent one stays, so the window sends no second mail.
      if (job && (await job.isDelayed())) await job.remove();
    }
  }
}

/** The delayed mail: sent only when the recipient still has messages from the other side unread. */
@Injectable()
@QueueJob(QUEUES.conversations, 'message-mail')
export class MessageMailJob implements JobHandler<MessageMailData> {
  constructor(
    private readonly conversations: ConversationsRepository,
    private readonly messages: MessagesRepository,
    private readonly views: ConversationViews,
    private readonly accounts: AccountsService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle({ conversationId, recipientId }: MessageMailData): Promise<void> {
    const conversation = await this.conversations.find(conversationId);
    if (!conversation) return;
    const unread = await this.messages.unreadIn(conversationId, recipientId);
    if (unread.count === 0 || unread.lastId === null) return;
    const last = await this.messages.findMessage(unread.lastId);
    const senderId = recipientId === conversation.clientId ? conversation.professionalId : conversation.clientId;
    const people = await this.accounts.cardsOf([recipientId, senderId]);
    const to = people.get(recipientId)?.email;
    if (!to) return;
    const sender = people.get(senderId);
    const name = sender ? `${sender.firstName} ${sender.lastName}` : 'Alguien';
    const masked = await this.views.isMasked(conversation);
    const text = last ? (masked && last.kind === 'text' ? maskContacts(last.text) : last.text) : '';
    const count = unread.count === 1 ? 'un mensaje nuevo' : `${unread.count} mensajes nuevos`;
    await this.mail.send({
      to,
      subject: `Oficios: ${count} de ${name}`,
      text:
        `Tienes ${count} de ${name} en Oficios.\n\n` +
        (text ? `«${text.length > 500 ? `${text.slice(0, 500)}…` : text}»\n\n` : '') +
        `Responde en ${this.config.webUrl}/mensajes/${conversationId}\n`,
    });
  }
}
