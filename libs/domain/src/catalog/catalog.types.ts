import type { Day } from '../constants';
import type { PersonContact } from '../identity/person';

export interface Profession {
  id: number;
  name: string;
}

/** One professional as the listing (and `GET /home/professionals`) answers it. */
export interface ProfessionalListItem extends PersonContact {
  id: number;
  professions: Profession[];
  availableDays: Day[];
  dayPrice: number;
  /** Whole stars, 0 (no reviews yet) to 5: the rounded mean of the reviews. */
  rating: number;
  /** Number of reviews the professional has received. */
  reputation: number;
}

export interface ReviewClient {
  id: number;
  firstName: string;
  profileImg: string | null;
}

/** `GET /home/reviews`: a review with its author's first name and picture. */
export interface Review {
  id: number;
  clientId: number;
  professionalId: number;
  /** The booking reviewed (null for reviews older than bookings). */
  orderDetailId: number | null;
  comment: string;
  rating: number;
  createdAt: string;
  client: ReviewClient;
}

/** `GET /home/professionals/{id}`; its reviews are `GET /home/reviews?professionalId=`. */
export interface ProfessionalDetail extends ProfessionalListItem {
  aboutMe: string | null;
}

export interface ListingPage<T = ProfessionalListItem> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
