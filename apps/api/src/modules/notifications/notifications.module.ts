import { Global, Module } from '@nestjs/common';
import { MailService } from './mail.service';
import { OrderCreatedNoticeJob, OrderStatusNoticeJob } from './notification-jobs';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';

@Global()
@Module({
  controllers: [NotificationsController],
  providers: [MailService, NotificationsService, OrderCreatedNoticeJob, OrderStatusNoticeJob],
  exports: [MailService, NotificationsService],
})
export class NotificationsModule {}
