import type { BookingDateRefusal, IsoDate } from '../bookings/booking-dates';
import type { Day } from '../constants';
import type { Profession } from '../catalog/catalog.types';
import type { JobRequestView } from './job-request';
import type { JobPlace, OutsideServiceArea } from '../geo/job-place';

/** What a cart line shows of its professional: name, picture, professions, and the terms the days are checked against. */
export interface CartProfessional {
  id: number;
  firstName: string;
  lastName: string;
  profileImg: string | null;
  professions: Profession[];
  availableDays: Day[];
  dayPrice: number;
}

/** One professional of a client's server cart (`POST /api/cart` answers it as `newCartDetail`). */
export interface CartDetailView {
  id: number;
  cartId: number;
  professionalId: number;
  /** The spec's days: the weekday names of `dates`, in the week's order (a line saved before dates existed: its days). */
  days: Day[];
  /** The chosen dates, ascending (empty on a line saved before dates existed). */
  dates: IsoDate[];
  /** Number of dates (of days, on a line saved before dates existed). */
  quantity: number;
  /** dates × the professional's current day price, computed by the server. */
  price: number;
  professional: CartProfessional;
  /** What the client tells this professional about the job (empty text and no photos until written). */
  jobRequest: JobRequestView;
  /** Km from the professional's base to the cart's place (null: no place yet, or a professional without an area). */
  distanceKm: number | null;
  /** The cart's place is outside the professional's area: the checkout will refuse it (null: bookable). */
  outsideArea: OutsideServiceArea | null;
}

/** `GET /api/cart`: the signed-in client's cart with prices and total. */
export interface CartView {
  id: number;
  details: CartDetailView[];
  total: number;
  /** Where the job is: the cart's own place, else the client's address (null when neither is known). */
  place: JobPlace | null;
}

/** `PUT /api/cart/place`: the cart with its new place. */
export interface CartPlaceAnswer {
  cart: CartView;
}

/** `POST /api/cart`: the new line (the spec's `newCartDetail`) and the whole cart after it. */
export interface AddCartDetailAnswer {
  newCartDetail: CartDetailView;
  cart: CartView;
}

/** `PATCH /api/cart/{id}`: the changed line and the whole cart after it. */
export type ChangeCartDayAnswer = CartDetailView & { cart: CartView };

/** `DELETE /api/cart/{id}` and `DELETE /api/cart`: the whole cart after the removal. */
export interface RemoveFromCartAnswer {
  cart: CartView;
}

/** One line of a browser cart, as `POST /api/cart/merge` takes it. */
export interface CartMergeLine {
  professionalId: number;
  /** Weekday names: each stands for its next bookable date. */
  days: string[];
  dates?: string[];
}

/** `POST /api/cart/merge`'s body: the browser's cart at sign-in. */
export interface CartMergeBody {
  lines: CartMergeLine[];
}

/** Something of the browser cart the merge left out: a professional the catalogue no longer has, a day they do not work
 * (or with no free date left), or a date that cannot be booked. */
export type CartMergeDrop =
  | { reason: 'unknown-professional'; professionalId: number }
  | { reason: 'unavailable-day'; professionalId: number; name: string; day: string }
  | { reason: 'unavailable-date'; professionalId: number; name: string; date: string; refusal: BookingDateRefusal };

/** `POST /api/cart/merge`: the whole cart after the merge and what was left out (the web tells the client). */
export interface CartMergeAnswer {
  cart: CartView;
  dropped: CartMergeDrop[];
}
