import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AssetsModule } from './common/assets/assets.module';
import { AuthModule } from './common/auth/auth.module';
import { ClockModule, MovableClock, type Clock } from './common/clock/clock';
import { DevClockModule } from './common/clock/dev-clock.controller';
import { HttpErrorFilter } from './common/errors/http-error.filter';
import { SchemaValidationPipe } from './common/validation/validation.pipe';
import { LoggingModule } from './common/logging/logging.module';
import { MailModule } from './common/mail/mail.module';
import { QueuesModule } from './common/queues/queues.module';
import { RealtimeModule } from './common/realtime/realtime.module';
import { RedisModule } from './common/redis.module';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions } from './database/data-source';
import { AdminModule } from './modules/admin';
import { CartModule } from './modules/cart';
import { LocalitiesModule } from './modules/localities';
import { CalendarModule } from './modules/calendar';
import { CatalogModule } from './modules/catalog';
import { ConversationsModule } from './modules/conversations';
import { ProfilesModule } from './modules/profiles';
import { HealthModule } from './modules/health';
import { IdentityModule } from './modules/identity';
import { MediaModule } from './modules/media';
import { NotificationsModule } from './modules/notifications';
import { QueueBoardModule } from './modules/operations';
import { BookingsModule } from './modules/bookings';
import { OrdersModule } from './modules/orders';
import { OutboxModule } from './modules/outbox';
import { PaymentsModule } from './modules/payments';
import { ReconciliationModule } from './modules/reconciliation';
import { ReviewsModule } from './modules/reviews';
import { SignInModule } from './modules/sign-in';

@Module({})
// Every request's input passes the edge (app.factory.ts's preValidation hooks) before any guard or controller.
export class AppModule {
  /**
   * `http: false` for the worker-only process: the same modules without what only serves browsers.
   * `logDestination` (tests) receives the JSON log lines instead of stdout; `clock` (tests) replaces the system's.
   */
  static forRoot(
    config: AppConfig,
    { http = true, logDestination, clock }: { http?: boolean; logDestination?: DestinationStream; clock?: Clock } = {},
  ): DynamicModule {
    // TEST_CLOCK: a clock the browser tests move over HTTP (a test's own clock, when given, is the one moved).
    const clockInUse = clock ?? (config.testClock ? new MovableClock() : undefined);
    const devClock = http && config.testClock && clockInUse instanceof MovableClock;
    const payments = PaymentsModule.forRoot(config);
    return {
      module: AppModule,
      // Input is parsed by the shared schemas before any controller; every refusal leaves in one shape.
      providers: [
        { provide: APP_PIPE, useClass: SchemaValidationPipe },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
      ],
      imports: [
        LoggingModule.forRoot(config, logDestination),
        ConfigModule.forRoot(config),
        ClockModule.forRoot(clockInUse),
        AssetsModule,
        TypeOrmModule.forRoot(dataSourceOptions(config.databaseUrl, config.databasePoolSize, config.databasePoolTimeoutMs)),
        EventEmitterModule.forRoot(),
        RedisModule,
        MailModule,
        QueuesModule.forRoot(config),
        OutboxModule,
        AuthModule,
        RealtimeModule.forRoot({ http }),
        NotificationsModule,
        LocalitiesModule,
        CatalogModule,
        ReviewsModule,
        IdentityModule,
        SignInModule,
        ProfilesModule,
        CalendarModule,
        CartModule,
        BookingsModule,
        OrdersModule,
        payments,
        ReconciliationModule.forRoot(payments),
        AdminModule,
        MediaModule,
        ConversationsModule,
        HealthModule,
        ...(http ? [QueueBoardModule] : []),
        ...(devClock ? [DevClockModule] : []),
      ],
    };
  }
}
