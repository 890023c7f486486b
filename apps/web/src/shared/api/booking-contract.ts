import type { BookingFields, IsoDate } from '@oficios/domain';

/**
 * Issue 11's additions to answers whose types in `libs/domain` are the API helpers' to extend (the cart line's and
 * the checkout line's `dates`, every order line's `BookingFields`). Optional here so the web reads answers from
 * before and after the change alike: a line without them is a booking made before dates existed.
 */
export type WithDates<T> = T & { dates?: IsoDate[] };
export type WithBookingFields<T> = T & Partial<BookingFields>;

/** `409 date_taken` at checkout: a date of the cart was taken by someone else since it was added. */
export const DATE_TAKEN_CODE = 'date_taken';
