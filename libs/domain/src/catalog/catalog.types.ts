import type { Day } from '../constants';
import type { ServiceArea } from '../geo/service-area';
import type { HiddenContact, ProfessionalContact } from './professional-contact';

export interface Profession {
  id: number;
  name: string;
}

/**
 * One professional as the listing (and `GET /home/professionals`) answers it: the same for everybody, so its contact
 * is hidden (`email`, `phoneNumber` and `address` null, kept for older clients) and `locality` says where it works.
 */
export interface ProfessionalListItem extends HiddenContact {
  id: number;
  firstName: string;
  lastName: string;
  profileImg: string | null;
  /** The locality of its address (see localityOf); null when unknown. */
  locality: string | null;
  professions: Profession[];
  availableDays: Day[];
  dayPrice: number;
  /** Whole stars, 0 (no reviews yet) to 5: the rounded mean of the reviews. */
  rating: number;
  /** Number of reviews the professional has received. */
  reputation: number;
  /**
   * Only in a "cerca de" listing (`near`): km from the professional's base to that locality, one decimal
   * (roundDistanceKm), null for a professional without an area.
   */
  distanceKm?: number | null;
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
  /** Where it works; null for a professional who has not said (listed everywhere). */
  serviceArea: ServiceArea | null;
}

/**
 * The detail with its contact, for administrators: `GET /api/admin/professionals/{id}` (what the editor loads) and the
 * answer of `PUT /home/professionals/{id}`.
 */
export type ManagedProfessional = Omit<ProfessionalDetail, keyof ProfessionalContact> & ProfessionalContact;

export interface ListingPage<T = ProfessionalListItem> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
