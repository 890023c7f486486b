/**
 * What the API answers about bookings: the contract the web and the API share. Dates are `YYYY-MM-DD` in
 * the marketplace's zone; money is pesos on the wire (as every other answer), cents inside.
 */
import type { JobRequestView } from '../cart/job-request';
import type { IsoDate } from './booking-dates';
import type { BookingStatus } from './booking-lifecycle';
import type { RefundCause } from './cancellation-policy';

/** `GET /api/bookings/settings` (public): the booking rules the deployment runs with, and the policy as text. */
export interface BookingSettingsView {
  timeZone: string;
  minLeadHours: number;
  horizonDays: number;
  professionalResponseHours: number;
  fullRefundHours: number;
  lateRefundPercent: number;
  autoDoneHours: number;
  disputeWindowHours: number;
  /** `cancellationPolicyText(settings)`: shown before paying and on every order. */
  policyText: string;
  /** Today in the marketplace's zone (the web's picker counts from it, not from the browser's clock). */
  today: IsoDate;
}

/** `GET /home/professionals/{id}/availability?from=&to=` (public): the bookable dates in [from, to]. */
export interface AvailabilityView {
  professionalId: number;
  from: IsoDate;
  to: IsoDate;
  dates: IsoDate[];
}

/** A day of a professional's own calendar: free (bookable), held (awaiting payment), booked (paid), blocked, or off. */
export const CALENDAR_DAY_STATES = ['free', 'held', 'booked', 'blocked', 'off'] as const;
export type CalendarDayState = (typeof CALENDAR_DAY_STATES)[number];

export interface CalendarDay {
  date: IsoDate;
  state: CalendarDayState;
  /** The booking (order line) holding the date, for held and booked days. */
  lineId?: number;
}

/** `GET /api/calendar?from=&to=` (the professional itself): every date of the range with its state. */
export interface ProfessionalCalendarView {
  professionalId: number;
  from: IsoDate;
  to: IsoDate;
  days: CalendarDay[];
}

/** requested: asked of MercadoPago (or about to be), not yet settled; approved: the money is back; failed: an administrator must look. */
export const REFUND_STATUSES = ['requested', 'approved', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A line's refund as the client and the panel see it. */
export interface LineRefundView {
  cause: RefundCause;
  /** Pesos. */
  amount: number;
  status: RefundStatus;
  /** When it was asked for (ISO instant; the API always sends it). */
  requestedAt?: string;
  /** When the provider gave it back (approved), ISO instant; null until then. */
  settledAt?: string | null;
}

export const DISPUTE_RESOLUTIONS = ['none', 'partial', 'full'] as const;
export type DisputeResolution = (typeof DISPUTE_RESOLUTIONS)[number];

/** A client's report of a problem with a done booking. */
export interface DisputeView {
  id: number;
  lineId: number;
  status: 'open' | 'resolved';
  /** The client's side. */
  reason: string;
  /** The professional's side (null until it answers). */
  professionalAnswer: string | null;
  resolution: DisputeResolution | null;
  /** Pesos given back by the resolution. */
  refundAmount: number | null;
  adminNote: string | null;
  createdAt: string;
  resolvedAt: string | null;
}

/** `GET /api/admin/disputes`: a dispute with what an administrator needs to resolve it. */
export interface AdminDisputeView extends DisputeView {
  orderId: number;
  client: { id: number; firstName: string; lastName: string };
  professional: { id: number; firstName: string; lastName: string };
  dates: IsoDate[];
  /** Pesos paid for the booking. */
  amount: number;
  /** Pesos given back on the booking so far. */
  refundedAmount: number;
  lineStatus: BookingStatus;
}

/**
 * The booking fields every view of an order line carries besides the spec's (`days`, `status`...): the dates, the
 * line's own status and what the person looking may do next.
 */
export interface BookingFields {
  /** The booked dates still on, ascending. Empty only for bookings made before dates existed. */
  dates: IsoDate[];
  /** Dates of the booking cancelled one by one (the booking goes on with `dates`), ascending; absent means none. */
  cancelledDates?: IsoDate[];
  lineStatus: BookingStatus;
  /** When the professional's answer is due (awaiting_professional), ISO instant. */
  responseDueAt: string | null;
  /** The professional's reason when it declined (optional). */
  declineReason: string | null;
  /** Pesos given back on this line so far (0 when nothing). */
  refundedAmount: number;
  refunds: LineRefundView[];
  dispute: DisputeView | null;
  /** What the client wrote about the job when booking (null: nothing); masked for the professional until paid. */
  jobRequest: JobRequestView | null;
  /** Km from the professional's base to the job's place when it was booked (null: no area or no place then). */
  distanceKm?: number | null;
}

/** `GET /api/bookings/{lineId}/cancellation` (its client): what cancelling now would give back, or why it cannot. */
export type CancellationQuote =
  { allowed: true; refundAmount: number; kind: 'full' | 'partial' | 'none' } | { allowed: false; reason: string };

/** A date of a booking as `GET /api/bookings/{lineId}/date-cancellation` prices its cancellation now. */
export type DateCancellationQuoteView =
  | { date: IsoDate; allowed: true; refundAmount: number; kind: 'full' | 'partial' | 'none' }
  | { date: IsoDate; allowed: false; reason: string };

/**
 * `GET /api/bookings/{lineId}/date-cancellation` (its client or its professional): each remaining date with what
 * cancelling it now gives back, or why the dates cannot be cancelled at all (`allowed: false`).
 */
export type DateCancellationView =
  { allowed: true; dates: DateCancellationQuoteView[] } | { allowed: false; reason: string; dates: DateCancellationQuoteView[] };
