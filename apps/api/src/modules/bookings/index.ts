/** Bookings' public face: what other modules may import from it. */
export { BookingsModule } from './bookings.module';
export { BookingsService } from './bookings.service';
export { BookingDeadlines } from './booking-deadlines.service';
export { BookingTransitions, type OrderOfBookings } from './booking-transitions.service';
export { OrderBookings } from './order-bookings.service';
export type { BookingParties, NewBooking } from './bookings.repository';
export type { BookingRecord } from './booking-records.repository';
export { BookingRefunds, type BookingRefundRecord, type RefundRecords, type RefundRequest } from './booking-refunds';
export type { BookingFields } from './booking-views';
export type { Booking } from './entities/booking.entity';
