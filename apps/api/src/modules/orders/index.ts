/** Orders' public face: what other modules may import from it. */
export { OrdersModule } from './orders.module';
export { OrdersService, type OrderSummary } from './orders.service';
export { OrderPayments, type PayableOrder, type PaymentAlertReport, type PaymentEffect } from './order-payments.service';
