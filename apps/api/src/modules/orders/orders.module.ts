import { Module } from '@nestjs/common';
import { IdempotencyModule } from '../../common/idempotency/idempotency.module';
import { CalendarModule } from '../calendar';
import { CartModule } from '../cart';
import { CatalogModule } from '../catalog';
import { IdentityModule } from '../identity';
import { AdminDisputesController } from './admin-disputes.controller';
import { AftercareRepository } from './aftercare.repository';
import { AftercareService } from './aftercare.service';
import { BOOKING_JOBS } from './booking-jobs';
import { BookingsController } from './bookings.controller';
import { BookingsService } from './bookings.service';
import { CheckoutService } from './checkout.service';
import { LineTransitions } from './line-transitions.service';
import { OrderPayments } from './order-payments.service';
import { OrderRecordsRepository } from './order-records.repository';
import { OrderTransitions } from './order-transitions.service';
import { OrderViews } from './order-views';
import { OrdersController } from './orders.controller';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';

/** Orders: the checkout, their statuses and history, what administrators and payments may do to them. */
@Module({
  imports: [IdempotencyModule, CalendarModule, CartModule, CatalogModule, IdentityModule],
  controllers: [OrdersController, BookingsController, AdminDisputesController],
  providers: [
    OrdersService,
    CheckoutService,
    OrderPayments,
    OrdersRepository,
    AftercareRepository,
    OrderRecordsRepository,
    OrderTransitions,
    OrderViews,
    LineTransitions,
    BookingsService,
    AftercareService,
    ...BOOKING_JOBS,
  ],
  exports: [OrdersService, OrderPayments, BookingsService],
})
export class OrdersModule {}
