import type { OrderStatus } from '../constants';
import type { Review } from '../catalog/catalog.types';
import type { HistoryLine, JobLine } from '../orders/order.types';
import type { SessionAnswer, SessionUser } from './registration';

/** What the profile screens show beside the account: a client's history, a professional's reviews and jobs. */
export interface SessionProfile {
  /** Clients: every booked professional, newest first. */
  shoppingHistory?: HistoryLine[];
  /** Professionals: their newest reviews (the first 9). */
  reviews?: Review[];
  /** Professionals: the bookings of them, newest first. */
  jobs?: JobLine[];
  /** Professionals: confirmed bookings they cancelled themselves (counted on their profile). */
  cancelledBookings?: number;
}

/** `GET /home/user/me`: the session answer plus the profile screen's data. */
export type MeAnswer = SessionAnswer & { profile: SessionProfile };

/** One of a client's orders as its profile shows it: each line with its review. */
export interface ClientOrder {
  id: number;
  date: string;
  createdAt: string;
  clientId: number;
  amount: number;
  status: OrderStatus;
  orderDetails: HistoryLine[];
}

/** `GET /api/clients/{id}`: the client's account with its orders (`PUT` answers the account alone). */
export type ClientDetail = SessionUser & { orders?: ClientOrder[] };

/** `POST /home/uploads`: where the image is served. */
export interface UploadAnswer {
  /** The image's absolute address on the API (PUBLIC_API_URL), to send as `profileImg` (stored as its path). */
  url: string;
  /** The same (the name the spec's image host answered with). */
  secure_url: string;
}

/** `GET /api/notifications`: an in-app notification (a professional's new paid job, a client's order changing status). */
export interface AppNotification {
  id: number;
  kind: string;
  message: string;
  data: Record<string, unknown>;
  readAt: string | null;
  createdAt: string;
}

/** `GET /api/admin/statistics` ("Datos de la Pagina"): site counts and professionals per profession. */
export interface SiteStatistics {
  professionals: number;
  professions: number;
  clients: number;
  byProfession: { id: number; name: string; professionals: number }[];
}
