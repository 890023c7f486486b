import type { Profession } from '../catalog/catalog.types';
import type { Day, OrderStatus } from '../constants';
import type { BookingFields } from '../bookings/booking.types';
import type { IsoDate } from '../bookings/booking-dates';
import type { OrderChangeReason } from '../events/events';
import type { JobRequestView } from '../cart/job-request';
import type { OrderPlace } from '../geo/job-place';

/** One professional booked in an order: the fields every view of an order line carries (the spec's and the booking's). */
interface OrderLineFields extends BookingFields {
  id: number;
  orderId: number;
  clientId: number;
  professionalId: number;
  days: Day[];
  reservationAmount: number;
  createdAt: string;
  status: OrderStatus;
}

/** An order line as the API answers it, with its professional. */
export interface BookingView extends OrderLineFields {
  professional: { id: number; firstName: string; lastName: string; profileImg: string | null };
}

/**
 * Payments of an order an administrator must look at: one that did not match the order (another currency, less
 * money, not from our link...) needs review; money taken for an order it cannot pay for is due back to the client.
 */
export interface PaymentAlert {
  needsReview: boolean;
  refundDue: boolean;
  /** Why, one line per payment, in Spanish. */
  reasons: string[];
}

/** A client's review of one booking, as the purchase history and the jobs show it beside the booking. */
export interface BookingReview {
  id: number;
  rating: number;
  comment: string;
}

/**
 * A booking in a client's history: the order line, the professional, the client's review (null: none yet) and why its
 * order was cancelled (null while it is not: 'cart-changed' when another order replaced it).
 */
export type HistoryLine = BookingView & {
  review: BookingReview | null;
  cancellationReason?: OrderChangeReason | null;
  /** Where the job is, as its order kept it (null: an order made without a place). */
  place?: OrderPlace | null;
};

/** A professional's job: the order line, the client who booked (name and address), the review. */
export interface JobLine extends OrderLineFields {
  client: { id: number; firstName: string; lastName: string; address: string };
  review: BookingReview | null;
}

/** One professional of a new order as the order summary shows it: who, the days, the day price and the line's price. */
export interface CheckoutOrderLine {
  /** The order detail's id. */
  id: number;
  professionalId: number;
  professional: { id: number; firstName: string; lastName: string; profileImg: string | null; professions: Profession[] };
  days: Day[];
  /** The booked dates, ascending. */
  dates: IsoDate[];
  /** The day price the line was priced at. */
  dayPrice: number;
  /** days × dayPrice, what the line costs. */
  reservationAmount: number;
  /** What the client wrote the professional about the job (null: nothing), as the booking carries it. */
  jobRequest: JobRequestView | null;
  /** Km from the professional's base to the job's place at checkout (null: a professional without an area). */
  distanceKm: number | null;
}

/** `POST /api/orders`'s `newOrder`: the spec's id and amount, plus status, date and the order's lines (the summary's rows). */
export interface NewOrder {
  id: number;
  amount: number;
  status: OrderStatus;
  date: string;
  lines: CheckoutOrderLine[];
  /** Where the job is, as kept by the order (null: an order made without a place). */
  place: OrderPlace | null;
}

/** `POST /api/orders`: the whole order the summary shows. */
export interface CheckoutAnswer {
  newOrder: NewOrder;
}

/** An order as `GET /api/orders` and `PATCH /api/orders/{id}` answer it. */
export interface OrderView {
  id: number;
  /** The creation date (the spec's `date`); also as `createdAt`. */
  date: string;
  createdAt: string;
  clientId: number;
  amount: number;
  status: OrderStatus;
  /** Why the order was cancelled (null while it is not): 'cart-changed' when another order of its cart replaced it. */
  cancellationReason?: OrderChangeReason | null;
  orderDetails: BookingView[];
  /** Where the job is, as kept by the order at checkout (null: an order made without a place). */
  place: OrderPlace | null;
  /** Administrators only (their list and their status changes): null when no payment of the order needs them. */
  paymentAlert?: PaymentAlert | null;
}

/** `GET /api/orders?page=…`: one page of orders. */
export interface OrdersPage {
  items: OrderView[];
  total: number;
  page: number;
  pageSize: number;
}
