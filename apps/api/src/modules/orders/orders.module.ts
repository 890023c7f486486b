import { Module } from '@nestjs/common';
import { IdempotencyModule } from '../../common/idempotency/idempotency.module';
import { CheckoutService } from './checkout.service';
import { OrderTransitions } from './order-transitions.service';
import { OrdersController } from './orders.controller';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';

@Module({
  imports: [IdempotencyModule],
  controllers: [OrdersController],
  providers: [OrdersService, CheckoutService, OrdersRepository, OrderTransitions],
  exports: [OrderTransitions, OrdersRepository],
})
export class OrdersModule {}
