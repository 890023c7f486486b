import type { Cents, Day, IsoDate, JobRequestView, NewOrder } from '@oficios/domain';
import { atom } from 'jotai';

/** One booking of the new order (one professional) as the order summary lists it. */
export interface SummaryBooking {
  professionalId: number;
  name: string;
  professions: string;
  days: Day[];
  /** The booked dates, ascending. */
  dates: IsoDate[];
  /** Pesos, as the catalogue answers it (and the payment request sends it). */
  dayPrice: number;
  priceCents: Cents;
  /** What the booking tells the professional about the job (null: nothing written). */
  jobRequest: JobRequestView | null;
}

/**
 * The purchase under way (spec "Cart state": order and url). The bookings are the server's order
 * (`POST /api/orders`'s answer), so the summary keeps showing them after 'Pagar' empties the cart.
 */
export interface Checkout {
  /** null when the purchase could not be started: the summary shows the spec's error. */
  order: NewOrder | null;
  bookings: SummaryBooking[];
  /** The payment provider's page, once 'Solicitar Pago' succeeded. */
  url: string | null;
  /** Why the purchase could not be started (the server's message). */
  problem?: string;
  /** A date of the cart was taken by someone else since it was added (409 `date_taken`): the client changes it. */
  dateTaken?: boolean;
}

/** Open summary modal ('Resumen de la Compra') when not null. Memory only: an order is never restored from storage. */
export const checkoutAtom = atom<Checkout | null>(null);

/**
 * The professional whose job request the client went back to write from the summary ("Sin detalles del trabajo"):
 * the cart's requests open and focus it, then set this back to null.
 */
export const jobRequestToWriteAtom = atom<number | null>(null);
