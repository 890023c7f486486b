import type { Cents } from '@oficios/domain';

/** What the payments flow needs from a payment provider (MercadoPago, or its local sandbox): money in cents, pesos only on the provider's wire. */
export interface CheckoutItem {
  id: string;
  title: string;
  quantity: number;
  unitPriceCents: Cents;
}

export interface CheckoutRequest {
  orderId: number;
  /** Our random reference of this payment link (stored on its payments row), sent in the preference's metadata. */
  reference: string;
  items: CheckoutItem[];
  payerEmail: string;
  /** The end of the order's payment window: the link (and a cash ticket of it) cannot be paid after it. */
  expiresAt: Date;
}

/**
 * The preference metadata key holding our reference: MercadoPago copies a preference's metadata into each of its
 * payments (snake_case keys), so a payment carrying it was made through a link this API created.
 */
export const REFERENCE_METADATA_KEY = 'oficios_reference';

export interface CheckoutPreference {
  preferenceId: string;
  /** Where the client pays (the spec's `url`). */
  checkoutUrl: string;
}

export type ProviderPaymentStatus = 'approved' | 'rejected' | 'pending';

/** A refund at the provider: approved (money on its way back), failed (refused, final), or pending (the provider settles it later and notifies). */
export type ProviderRefundStatus = 'approved' | 'pending' | 'failed';

export interface ProviderRefund {
  id: string;
  amountCents: Cents;
  status: ProviderRefundStatus;
}

/** What the provider answered a refund request: its refund (the same one for the same idempotency key), or why it refused. */
export interface RefundResult {
  /** null when the provider refused to make one. */
  refundId: string | null;
  status: ProviderRefundStatus;
  /** The provider's reason when it refused (status failed). */
  failure: string | null;
}

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  /** Our order id, from the preference's external_reference; null when it is not one of ours. */
  orderId: number | null;
  amountCents: Cents;
  /** ISO currency of the payment (`currency_id`). */
  currency: string;
  /** Our link reference from the payment's metadata; null when the payment carries none. */
  reference: string | null;
  /** What was given back so far (`transaction_amount_refunded`): a refunded payment still reads approved. */
  refundedCents: Cents;
  /** Its refunds, as the provider lists them with the payment. */
  refunds: ProviderRefund[];
}

export interface PaymentProvider {
  /** Stored with each payment: 'mercadopago' or 'sandbox'. */
  readonly name: string;
  createPreference(request: CheckoutRequest): Promise<CheckoutPreference>;
  /** Ends a link's life now (its order can no longer be paid): the provider refuses to take money through it. */
  closePreference(preferenceId: string): Promise<void>;
  /** The ids of every payment the provider holds for our order (its `external_reference`), newest first. */
  searchPayments(orderId: number): Promise<string[]>;
  /** Reads a payment back from the provider (a notification is never trusted by itself); null when it has none by that id. */
  getPayment(id: string): Promise<ProviderPayment | null>;
  /**
   * Gives `amountCents` of a payment back. The same idempotency key answers the same refund, never a second one, so
   * a retried call is safe. Throws when the answer is unknown (network, provider down): the caller asks again.
   */
  refundPayment(paymentId: string, amountCents: Cents, idempotencyKey: string): Promise<RefundResult>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/**
 * MercadoPago's payment statuses, folded into what moves an order. A refunded payment (all of it: `refunded`; part of
 * it stays `approved`) was paid: it reads approved, never rejected, so a refund cannot cancel the order it paid; its
 * refunds are read apart (`refunds`).
 */
export function providerStatus(status: string | undefined): ProviderPaymentStatus {
  if (status === 'approved' || status === 'authorized' || status === 'refunded') return 'approved';
  if (status === 'rejected' || status === 'cancelled' || status === 'charged_back') return 'rejected';
  return 'pending';
}

/** MercadoPago's refund statuses: `approved`; `rejected` / `cancelled` are final refusals; anything else (`in_process`) is pending. */
export function providerRefundStatus(status: string | undefined): ProviderRefundStatus {
  if (status === 'approved') return 'approved';
  if (status === 'rejected' || status === 'cancelled') return 'failed';
  return 'pending';
}
