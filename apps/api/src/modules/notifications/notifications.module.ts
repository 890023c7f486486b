import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity';
import { BookingsModule } from '../bookings';
import { OrdersModule } from '../orders';
import {
  DisputeAnsweredNoticeJob,
  DisputeOpenedNoticeJob,
  DisputeResolvedNoticeJob,
  BookingDatesCancelledNoticeJob,
  BookingStatusNoticeJob,
  OrderCreatedNoticeJob,
  OrderStatusNoticeJob,
  PaymentNotAppliedNoticeJob,
} from './notification-jobs';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/** In-app notifications (the bell) and their e-mails, caused by order events. */
@Module({
  imports: [IdentityModule, BookingsModule, OrdersModule],
  controllers: [NotificationsController],
  providers: [
    NotificationsService,
    NotificationsRepository,
    OrderCreatedNoticeJob,
    OrderStatusNoticeJob,
    BookingStatusNoticeJob,
    BookingDatesCancelledNoticeJob,
    DisputeOpenedNoticeJob,
    DisputeAnsweredNoticeJob,
    DisputeResolvedNoticeJob,
    PaymentNotAppliedNoticeJob,
  ],
})
export class NotificationsModule {}
