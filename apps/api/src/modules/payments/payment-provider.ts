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
}

export interface PaymentProvider {
  /** Stored with each payment: 'mercadopago' or 'sandbox'. */
  readonly name: string;
  createPreference(request: CheckoutRequest): Promise<CheckoutPreference>;
  /** Reads a payment back from the provider (a notification is never trusted by itself); null when it has none by that id. */
  getPayment(id: string): Promise<ProviderPayment | null>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/** MercadoPago's payment statuses, folded into what moves an order. */
export function providerStatus(status: string | undefined): ProviderPaymentStatus {
  if (status === 'approved' || status === 'authorized') return 'approved';
  if (status === 'rejected' || status === 'cancelled' || status === 'refunded' || status === 'charged_back') return 'rejected';
  return 'pending';
}
