/** What the payments flow needs from a payment provider (MercadoPago, or its local sandbox). */
export interface CheckoutItem {
  id: string;
  title: string;
  quantity: number;
  unitPrice: number;
}

export interface CheckoutRequest {
  orderId: number;
  items: CheckoutItem[];
  payerEmail: string;
}

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
  amount: number;
}

export interface PaymentProvider {
  /** Stored with each payment: 'mercadopago' or 'sandbox'. */
  readonly name: string;
  createPreference(request: CheckoutRequest): Promise<CheckoutPreference>;
  /** Reads a payment back from the provider: a notification is never trusted by itself. */
  getPayment(id: string): Promise<ProviderPayment>;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/** MercadoPago's payment statuses, folded into what moves an order. */
export function providerStatus(status: string | undefined): ProviderPaymentStatus {
  if (status === 'approved' || status === 'authorized') return 'approved';
  if (status === 'rejected' || status === 'cancelled' || status === 'refunded' || status === 'charged_back') return 'rejected';
  return 'pending';
}
