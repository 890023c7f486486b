/**
 * The app's internal classes and constants the tests reach into beyond the modules' public faces (a job to run, a
 * repository to spy on, a query to explain), named in this one place: when a module is reshaped, only these
 * paths change.
 */
export { OPEN_ORDER_OF_CART } from '../../src/modules/orders/orders.repository';
export { BookingsService } from '../../src/modules/orders';
export { CalendarRepository } from '../../src/modules/calendar/calendar.repository';
export { LineStatusSystemLineJob } from '../../src/modules/conversations/booking-line.jobs';
