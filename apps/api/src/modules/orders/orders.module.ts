import { Module } from '@nestjs/common';
import { IdempotencyModule } from '../../common/idempotency/idempotency.module';
import { BookingsModule } from '../bookings';
import { CalendarModule } from '../calendar';
import { CartModule } from '../cart';
import { CatalogModule } from '../catalog';
import { IdentityModule } from '../identity';
import { CheckoutService } from './checkout.service';
import { ORDER_JOBS } from './order-jobs';
import { OrderPayments } from './order-payments.service';
import { OrderRecordsRepository } from './order-records.repository';
import { OrderTransitions } from './order-transitions.service';
import { OrderViews } from './order-views';
import { OrdersController } from './orders.controller';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';

/** Orders: the checkout, the order as the group of bookings a client pays for together, its status and history, its payment window. */
@Module({
  imports: [IdempotencyModule, BookingsModule, CalendarModule, CartModule, CatalogModule, IdentityModule],
  controllers: [OrdersController],
  providers: [
    OrdersService,
    CheckoutService,
    OrderPayments,
    OrdersRepository,
    OrderRecordsRepository,
    OrderTransitions,
    OrderViews,
    ...ORDER_JOBS,
  ],
  exports: [OrdersService, OrderPayments],
})
export class OrdersModule {}
