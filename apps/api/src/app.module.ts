import { Module, RequestMethod, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from './common/auth/auth.module';
import { InputHygieneMiddleware } from './common/input/input-hygiene.middleware';
import { LoggingModule } from './common/logging/logging.module';
import { QueuesModule } from './common/queues/queues.module';
import { RedisModule } from './common/redis.module';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions } from './database/data-source';
import { AdminModule } from './modules/admin/admin.module';
import { CartModule } from './modules/cart/cart.module';
import { CatalogModule } from './modules/catalog/catalog.module';
import { ClientsModule } from './modules/clients/clients.module';
import { HealthModule } from './modules/health/health.module';
import { IdentityModule } from './modules/identity/identity.module';
import { MediaModule } from './modules/media/media.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { QueueBoardModule } from './modules/operations/queue-board.module';
import { OrdersModule } from './modules/orders/orders.module';
import { OutboxModule } from './modules/outbox/outbox.module';
import { PaymentsModule } from './modules/payments/payments.module';
import { ReviewsModule } from './modules/reviews/reviews.module';

@Module({})
export class AppModule implements NestModule {
  /** Every request's strings pass the input edge before any controller sees them. */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(InputHygieneMiddleware).forRoutes({ path: '{*splat}', method: RequestMethod.ALL });
  }

  /**
   * `http: false` for the worker-only process: the same modules without what only serves browsers.
   * `logDestination` (tests) receives the JSON log lines instead of stdout.
   */
  static forRoot(
    config: AppConfig,
    { http = true, logDestination }: { http?: boolean; logDestination?: DestinationStream } = {},
  ): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggingModule.forRoot(config, logDestination),
        ConfigModule.forRoot(config),
        TypeOrmModule.forRoot(dataSourceOptions(config.databaseUrl)),
        EventEmitterModule.forRoot(),
        RedisModule,
        QueuesModule.forRoot(config),
        OutboxModule,
        AuthModule,
        NotificationsModule,
        CatalogModule,
        ReviewsModule,
        IdentityModule,
        ClientsModule,
        CartModule,
        OrdersModule,
        PaymentsModule.forRoot(config),
        AdminModule,
        MediaModule,
        HealthModule,
        ...(http ? [QueueBoardModule] : []),
      ],
    };
  }
}
