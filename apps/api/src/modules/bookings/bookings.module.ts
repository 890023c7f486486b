import { Module } from '@nestjs/common';
import { CalendarModule } from '../calendar';
import { CatalogModule } from '../catalog';
import { IdentityModule } from '../identity';
import { AdminDisputesController } from './admin-disputes.controller';
import { BookingCancellations } from './booking-cancellations.service';
import { BookingDateCancellations } from './booking-date-cancellations.service';
import { BookingDateCancellationsRepository } from './booking-date-cancellations.repository';
import { BookingDeadlines } from './booking-deadlines.service';
import { BOOKING_JOBS } from './booking-jobs';
import { BookingRecordsRepository } from './booking-records.repository';
import { BookingRefunds } from './booking-refunds';
import { BookingTransitions } from './booking-transitions.service';
import { BookingViews } from './booking-views';
import { BookingsController } from './bookings.controller';
import { BookingsRepository } from './bookings.repository';
import { BookingsService } from './bookings.service';
import { DisputesRepository } from './disputes.repository';
import { DisputesService } from './disputes.service';
import { OrderBookings } from './order-bookings.service';

/**
 * Bookings: one professional booked for some dates, and the booking's whole life after the checkout made it: its
 * moves, deadlines, cancellations, done, disputes and the record of its refunds. Orders (above) groups them.
 */
@Module({
  imports: [CalendarModule, CatalogModule, IdentityModule],
  controllers: [BookingsController, AdminDisputesController],
  providers: [
    BookingsRepository,
    BookingRecordsRepository,
    BookingRefunds,
    DisputesRepository,
    BookingViews,
    BookingTransitions,
    BookingsService,
    BookingDeadlines,
    BookingCancellations,
    BookingDateCancellationsRepository,
    BookingDateCancellations,
    DisputesService,
    OrderBookings,
    ...BOOKING_JOBS,
  ],
  exports: [BookingsService, BookingTransitions, BookingDeadlines, OrderBookings, BookingRefunds],
})
export class BookingsModule {}
