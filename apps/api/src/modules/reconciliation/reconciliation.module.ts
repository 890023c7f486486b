import { Module, type DynamicModule } from '@nestjs/common';
import { BookingsModule } from '../bookings';
import { OrdersModule } from '../orders';
import { Reconciler } from './reconciler.service';

/** The reconciler: what is owed and not done, re-driven from Postgres (see Reconciler). */
@Module({})
export class ReconciliationModule {
  /** `payments` is the app's own PaymentsModule.forRoot(config), so both share one instance. */
  static forRoot(payments: DynamicModule): DynamicModule {
    return {
      module: ReconciliationModule,
      imports: [BookingsModule, OrdersModule, payments],
      providers: [Reconciler],
      exports: [Reconciler],
    };
  }
}
