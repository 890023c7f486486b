import { Module } from '@nestjs/common';
import { OrderTransitions } from './order-transitions.service';
import { OrdersController } from './orders.controller';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';

@Module({
  controllers: [OrdersController],
  providers: [OrdersService, OrdersRepository, OrderTransitions],
  exports: [OrderTransitions, OrdersRepository],
})
export class OrdersModule {}
