import { centsToPesos, pesosToCents, sumCents } from '@oficios/domain';

// MercadoPago's JSON shapes, as the sandbox stores them and answers them.

export interface SandboxItem {
  id?: string;
  title: string;
  quantity: number;
  unit_price: number;
  currency_id?: string;
}

export interface SandboxPreference {
  id: string;
  items: SandboxItem[];
  external_reference: string;
  notification_url: string | null;
  back_urls: { success?: string; failure?: string; pending?: string };
  auto_return: string | null;
  payer_email: string | null;
  /** The integrator's key-value metadata, copied into every payment of the preference as MercadoPago does. */
  metadata: Record<string, unknown>;
  date_created: string;
  /** Whether it takes payments only between `expiration_date_from` and `expiration_date_to`. */
  expires: boolean;
  expiration_date_from: string | null;
  expiration_date_to: string | null;
  /** Until when a cash ticket of it may be paid. */
  date_of_expiration: string | null;
}

/** What a preference's update may change: its life (MercadoPago's `PUT /checkout/preferences/{id}` takes more). */
export type SandboxPreferenceChange = Partial<
  Pick<SandboxPreference, 'expires' | 'expiration_date_from' | 'expiration_date_to' | 'date_of_expiration'>
>;

/** A refund as MercadoPago lists it (`/v1/payments/{id}/refunds`, and in the payment's `refunds`). */
export interface SandboxRefund {
  id: number;
  payment_id: number;
  amount: number;
  status: 'approved' | 'in_process';
  metadata: Record<string, unknown>;
  source: { id: string; name: string; type: string };
  date_created: string;
  unique_sequence_number: null;
  refund_mode: 'standard';
  adjustment_amount: number;
  reason: null;
  amount_refunded_to_payer: number;
}

export interface SandboxPayment {
  id: number;
  /**
   * `refunded` once all of it was given back (part of it: still `approved`, detail `partially_refunded`); `in_process`:
   * not decided yet (a cash ticket not paid yet).
   */
  status: 'approved' | 'rejected' | 'refunded' | 'in_process';
  status_detail: string;
  external_reference: string;
  preference_id: string;
  transaction_amount: number;
  currency_id: string;
  metadata: Record<string, unknown>;
  date_created: string;
  date_approved: string | null;
  /** What its approved refunds gave back, in pesos. */
  transaction_amount_refunded: number;
  refunds: SandboxRefund[];
}

/** Why the sandbox refuses a refund, as MercadoPago would (a 400, or a 404 for a payment it does not have). */
export type SandboxRefundRefusal = 'not_found' | 'not_refundable' | 'invalid_amount' | 'amount_exceeded';

export type SandboxRefundOutcome = { refund: SandboxRefund; created: boolean; payment: SandboxPayment } | { refused: SandboxRefundRefusal };

/** A payment's refund totals and status from its refunds (approved ones give money back; in-process ones reserve it). */
export function withRefunds(payment: SandboxPayment, refunds: SandboxRefund[]): SandboxPayment {
  const paid = pesosToCents(payment.transaction_amount);
  const refunded = sumCents(refunds.filter((refund) => refund.status === 'approved').map((refund) => pesosToCents(refund.amount)));
  const full = refunded > 0 && refunded >= paid;
  return {
    ...payment,
    refunds,
    transaction_amount_refunded: centsToPesos(refunded),
    status: full ? 'refunded' : payment.status === 'refunded' ? 'approved' : payment.status,
    status_detail: full ? 'refunded' : refunded > 0 ? 'partially_refunded' : payment.status_detail,
  };
}
