/**
 * The app's classes and constants the tests reach into besides HTTP and the factories (a service or a job to call, a
 * repository to spy on, a token of the payments sandbox, a query to explain), named in this one place: when a module
 * is reshaped, only these paths change.
 */
export { CalendarRepository } from '../../src/modules/calendar/calendar.repository';
export { LineStatusSystemLineJob } from '../../src/modules/conversations/booking-line.jobs';
export { BookingDeadlines, BookingsService } from '../../src/modules/bookings';
export { OrderPayments } from '../../src/modules/orders';
export { OPEN_ORDER_OF_CART } from '../../src/modules/orders/orders.repository';
export { PaymentsService } from '../../src/modules/payments';
export { PaymentCredentials } from '../../src/modules/payments/payment-credentials';
export { PAYMENT_PROVIDER, type PaymentProvider } from '../../src/modules/payments/payment-provider';
export { PaymentRefundsRepository } from '../../src/modules/payments/payment-refunds.repository';
export { SandboxStore } from '../../src/modules/payments/sandbox/sandbox.store';
export { mercadoPagoSignature } from '../../src/modules/payments/sandbox/webhook-signature';
