import { Module, type DynamicModule } from '@nestjs/common';
import { IdempotencyModule } from '../../common/idempotency/idempotency.module';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { BookingsModule } from '../bookings';
import { IdentityModule } from '../identity';
import { OrdersModule } from '../orders';
import { MercadoPagoProvider } from './mercadopago.provider';
import { PaymentCredentials } from './payment-credentials';
import { PAYMENT_JOBS } from './payment-jobs';
import { PaymentLinksService } from './payment-links.service';
import { PaymentNotificationsService } from './payment-notifications.service';
import { PaymentRefundsRepository } from './payment-refunds.repository';
import { PaymentRefundsService } from './payment-refunds.service';
import { RefundSettlements } from './refund-settlements.service';
import { BookingRefundRecords } from './booking-refund-records';
import { PAYMENT_PROVIDER } from './payment-provider';
import { PaymentsController } from './payments.controller';
import { PaymentsRepository } from './payments.repository';
import { PaymentsService } from './payments.service';
import { SandboxCheckoutController } from './sandbox/sandbox-checkout.controller';
import { SandboxRestController } from './sandbox/sandbox-rest.controller';
import { SandboxWebhooks } from './sandbox/sandbox-webhooks';
import { SandboxStore } from './sandbox/sandbox.store';

/** Payment links, provider notifications, refunds (the one record of them) and their jobs; the sandbox provider when there is no MercadoPago token. */
@Module({})
export class PaymentsModule {
  static forRoot(config: AppConfig): DynamicModule {
    const sandbox = config.payments.mode === 'sandbox';
    return {
      module: PaymentsModule,
      imports: [BookingsModule, OrdersModule, IdentityModule, IdempotencyModule],
      controllers: [PaymentsController, ...(sandbox ? [SandboxRestController, SandboxCheckoutController] : [])],
      providers: [
        PaymentsService,
        PaymentsRepository,
        PaymentRefundsService,
        RefundSettlements,
        BookingRefundRecords,
        PaymentRefundsRepository,
        PaymentLinksService,
        PaymentNotificationsService,
        PaymentCredentials,
        ...PAYMENT_JOBS,
        ...(sandbox ? [SandboxStore, SandboxWebhooks] : []),
        {
          provide: PAYMENT_PROVIDER,
          inject: [APP_CONFIG, PaymentCredentials],
          useFactory: (appConfig: AppConfig, credentials: PaymentCredentials) => new MercadoPagoProvider(appConfig, credentials),
        },
      ],
      exports: [PaymentsService, PaymentRefundsService],
    };
  }
}
