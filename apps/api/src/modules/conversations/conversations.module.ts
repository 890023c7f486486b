import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity';
import { MediaModule } from '../media';
import { BookingsModule } from '../bookings';
import { JobRequestsModule } from '../job-requests';
import { AdminConversationsController } from './admin-conversations.controller';
import { JobRequestMessageJob, LineRefundSystemLineJob, LineStatusSystemLineJob, SystemLines } from './booking-line.jobs';
import { ConversationThreads } from './conversation-threads';
import { ConversationViews } from './conversation-views';
import { ConversationsController } from './conversations.controller';
import { ConversationsRepository } from './conversations.repository';
import { ConversationsService } from './conversations.service';
import { MessageDelivery } from './message-delivery';
import { MessageMailJob, MessageMailScheduler } from './message-mail';
import { MessagesRepository } from './messages.repository';

/** Conversations: inquiries and booking threads, messages and photos, delivered live and mailed when unread. */
@Module({
  imports: [IdentityModule, BookingsModule, MediaModule, JobRequestsModule],
  controllers: [ConversationsController, AdminConversationsController],
  providers: [
    ConversationsService,
    ConversationsRepository,
    MessagesRepository,
    ConversationThreads,
    ConversationViews,
    MessageDelivery,
    MessageMailScheduler,
    MessageMailJob,
    SystemLines,
    LineStatusSystemLineJob,
    LineRefundSystemLineJob,
    JobRequestMessageJob,
  ],
})
export class ConversationsModule {}
