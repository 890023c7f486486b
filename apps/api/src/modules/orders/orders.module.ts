import { Module } from '@nestjs/common';
import { IdempotencyModule } from '../../common/idempotency/idempotency.module';
import { CartModule } from '../cart';
import { CatalogModule } from '../catalog';
import { CheckoutService } from './checkout.service';
import { OrderPayments } from './order-payments.service';
import { OrderTransitions } from './order-transitions.service';
import { OrderViews } from './order-views';
import { OrdersController } from './orders.controller';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';

/** Orders: the checkout, their statuses and history, what administrators and payments may do to them. */
@Module({
  imports: [IdempotencyModule, CartModule, CatalogModule],
  controllers: [OrdersController],
  providers: [OrdersService, CheckoutService, OrderPayments, OrdersRepository, OrderTransitions, OrderViews],
  exports: [OrdersService, OrderPayments],
})
export class OrdersModule {}
