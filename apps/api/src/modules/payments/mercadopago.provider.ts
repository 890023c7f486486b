import { centsToPesos, pesosToCents, type Cents } from '@oficios/domain';
import {
  MercadoPagoConfig,
  MercadoPagoError,
  MPBadRequestError,
  MPNotFoundError,
  MPPaymentError,
  MPValidationError,
  Payment,
  PaymentRefund,
  Preference,
} from 'mercadopago';
import type { PreferenceRequest } from 'mercadopago/dist/clients/preference/commonTypes';
import { AppConfig as MercadoPagoSdkConfig } from 'mercadopago/dist/utils/config';
import type { AppConfig } from '../../config/app-config';
import type { PaymentCredentials } from './payment-credentials';
import {
  REFERENCE_METADATA_KEY,
  providerRefundStatus,
  providerStatus,
  type CheckoutPreference,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type RefundResult,
} from './payment-provider';

type SdkClients = { preferences: Preference; payments: Payment; refunds: PaymentRefund };

/** Pesos on the provider's wire into cents; an amount that is not a number counts as nothing. */
const wireCents = (value: unknown): number => {
  const amount = Number(value ?? 0);
  return Number.isFinite(amount) ? pesosToCents(amount) : 0;
};

/** Refusals that asking again cannot change (the request itself is wrong: amount, payment, state). */
const isFinalRefusal = (error: unknown): error is MercadoPagoError =>
  error instanceof MPBadRequestError ||
  error instanceof MPPaymentError ||
  error instanceof MPNotFoundError ||
  error instanceof MPValidationError;

/**
 * The official MercadoPago SDK. The same adapter serves the local sandbox: the
 * sandbox answers MercadoPago's REST paths, so only the SDK's base URL differs
 * (the SDK keeps it in one static setting, and a process talks to one provider).
 */
export class MercadoPagoProvider implements PaymentProvider {
  readonly name: string;
  private clients: Promise<SdkClients> | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly credentials: PaymentCredentials,
  ) {
    this.name = config.payments.mode === 'mercadopago' ? 'mercadopago' : 'sandbox';
    (MercadoPagoSdkConfig as { BASE_URL: string }).BASE_URL = config.payments.apiUrl;
  }

  /** The SDK's clients, made on first use: the sandbox's token is only known once Redis answers. */
  private sdk(): Promise<SdkClients> {
    this.clients ??= this.credentials
      .get()
      .then(({ accessToken }) => {
        const client = new MercadoPagoConfig({ accessToken, options: { timeout: 10_000 } });
        return { preferences: new Preference(client), payments: new Payment(client), refunds: new PaymentRefund(client) };
      })
      .catch((error: unknown) => {
        this.clients = null;
        throw error;
      });
    return this.clients;
  }

  async createPreference(request: CheckoutRequest): Promise<CheckoutPreference> {
    const back = `${this.config.webUrl}/details/me?orden=${request.orderId}`;
    const { preferences } = await this.sdk();
    const preference = await preferences.create({
      body: {
        items: request.items.map((item) => ({
          id: item.id,
          title: item.title,
          quantity: item.quantity,
          unit_price: centsToPesos(item.unitPriceCents),
          currency_id: this.config.payments.currency,
        })),
        payer: { email: request.payerEmail },
        external_reference: String(request.orderId),
        metadata: { [REFERENCE_METADATA_KEY]: request.reference },
        notification_url: this.config.payments.notificationUrl,
        back_urls: { success: back, failure: back, pending: back },
        auto_return: 'approved',
        // Payable only while the order is: the link (expiration_date_*) and a cash ticket of it (date_of_expiration).
        expires: true,
        expiration_date_from: new Date().toISOString(),
        expiration_date_to: request.expiresAt.toISOString(),
        date_of_expiration: request.expiresAt.toISOString(),
      },
      // One preference per payment link: a retried call does not create a second one.
      requestOptions: { idempotencyKey: `payment-link-${request.reference}` },
    });
    if (!preference.id || !preference.init_point) throw new Error('MercadoPago no devolvió el link de pago');
    return { preferenceId: preference.id, checkoutUrl: preference.init_point };
  }

  async closePreference(preferenceId: string): Promise<void> {
    const { preferences } = await this.sdk();
    const now = new Date().toISOString();
    // MercadoPago's update takes the fields it changes; the SDK's type asks for a whole preference.
    const change: Partial<PreferenceRequest> = { expires: true, expiration_date_to: now, date_of_expiration: now };
    await preferences.update({ id: preferenceId, updatePreferenceRequest: change as PreferenceRequest });
  }

  async searchPayments(orderId: number): Promise<string[]> {
    const { payments } = await this.sdk();
    const found = await payments.search({
      options: { external_reference: String(orderId), sort: 'date_created', criteria: 'desc', limit: 100 },
    });
    return (found.results ?? []).flatMap((payment) => (payment.id === undefined || payment.id === null ? [] : [String(payment.id)]));
  }

  async getPayment(id: string): Promise<ProviderPayment | null> {
    const { payments } = await this.sdk();
    const payment = await payments.get({ id }).catch((error: unknown) => {
      if (error instanceof MPNotFoundError) return null;
      throw error;
    });
    if (!payment) return null;
    const orderId = Number(payment.external_reference);
    const reference: unknown = payment.metadata?.[REFERENCE_METADATA_KEY];
    return {
      id: String(payment.id),
      status: providerStatus(payment.status),
      orderId: Number.isInteger(orderId) && orderId > 0 ? orderId : null,
      // An amount that is not a number counts as nothing paid (verification then refuses it).
      amountCents: wireCents(payment.transaction_amount),
      currency: String(payment.currency_id ?? ''),
      reference: typeof reference === 'string' && reference !== '' ? reference : null,
      refundedCents: wireCents(payment.transaction_amount_refunded),
      refunds: (payment.refunds ?? [])
        .filter((refund) => refund.id !== undefined && refund.id !== null)
        .map((refund): ProviderRefund => ({
          id: String(refund.id),
          amountCents: wireCents(refund.amount),
          status: providerRefundStatus(refund.status),
        })),
    };
  }

  async refundPayment(paymentId: string, amountCents: Cents, idempotencyKey: string): Promise<RefundResult> {
    const { refunds } = await this.sdk();
    try {
      const refund = await refunds.create({
        payment_id: paymentId,
        body: { amount: centsToPesos(amountCents) },
        // MercadoPago makes one refund per key: the same key again answers that refund.
        requestOptions: { idempotencyKey },
      });
      if (refund.id === undefined || refund.id === null) throw new Error('MercadoPago no devolvió el id del reembolso');
      return { refundId: String(refund.id), status: providerRefundStatus(refund.status), failure: null };
    } catch (error) {
      // Refused for good (amount above what is left, payment not refundable...): no refund was made.
      if (isFinalRefusal(error)) return { refundId: null, status: 'failed', failure: `${error.status} ${error.message}`.slice(0, 500) };
      throw error;
    }
  }
}
