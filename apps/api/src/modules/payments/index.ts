/** Payments' public face: payment links, the provider's notifications and their jobs. */
export { PaymentsModule } from './payments.module';
export { PaymentsService } from './payments.service';
export { PaymentRefundsService } from './payment-refunds.service';
