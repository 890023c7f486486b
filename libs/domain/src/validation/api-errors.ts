import type { FieldError } from './field-errors';

/**
 * The stable, machine-readable `code` of every 4xx answer, beside its Spanish `message` (which may be reworded).
 * Clients switch on the code, never on the message.
 */
export const API_ERROR_CODES = [
  // Generic, one per status, for refusals without a more precise code (e.g. an unknown route).
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unprocessable',
  'too_many_requests',
  // Input.
  'validation_failed',
  'invalid_link',
  // Identity and access.
  'sign_in_required',
  'session_expired',
  'wrong_credentials',
  'too_many_attempts',
  'not_allowed',
  'xsrf_refused',
  'email_taken',
  'current_password_required',
  'current_password_wrong',
  'google_account_without_password',
  'google_sign_in_required',
  // Catalogue.
  'profession_exists',
  'profession_in_use',
  'unknown_profession',
  // A professional's contact, to someone without a paid booking with them.
  'contact_hidden',
  // Cart, orders and payments.
  'already_in_cart',
  'day_already_chosen',
  // A job outside the professional's service area (adding them to a cart, checking out).
  'outside_service_area',
  'unknown_locality',
  'open_order_exists',
  // Too many dates held unpaid by one client, or in one checkout of an account whose e-mail is not verified.
  'held_dates_limit',
  'unverified_dates_limit',
  'order_already_paid',
  'order_move_refused',
  'order_not_payable',
  // Back from MercadoPago with a payment of another order than the back URL names.
  'payment_mismatch',
  'invalid_signature',
  // Bookings: a date someone else holds, a date the professional cannot block, a move the life cycle refuses.
  'date_taken',
  'date_booked',
  'line_move_refused',
  // Disputes: the window is over, one exists already, or it was resolved.
  'dispute_refused',
  'payments_unavailable',
  'payment_provider_failed',
  'database_busy',
  // Reviews.
  'not_booked',
  // Commands replayed with an idempotency key.
  'idempotency_key_reused',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** Every 4xx body: `errors` lists the fields at fault when the input was refused. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  code: ApiErrorCode | string;
  message: string;
  errors?: FieldError[];
}
