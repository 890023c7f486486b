import { centsToPesos, pesosToCents } from '@oficios/domain';
import { MercadoPagoConfig, MPNotFoundError, Payment, Preference } from 'mercadopago';
import { AppConfig as MercadoPagoSdkConfig } from 'mercadopago/dist/utils/config';
import type { AppConfig } from '../../config/app-config';
import type { PaymentCredentials } from './payment-credentials';
import {
  REFERENCE_METADATA_KEY,
  providerStatus,
  type CheckoutPreference,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderPayment,
} from './payment-provider';

/**
 * The official MercadoPago SDK. The same adapter serves the local sandbox: the
 * sandbox answers MercadoPago's REST paths, so only the SDK's base URL differs
 * (the SDK keeps it in one static setting, and a process talks to one provider).
 */
export class MercadoPagoProvider implements PaymentProvider {
  readonly name: string;
  private clients: Promise<{ preferences: Preference; payments: Payment }> | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly credentials: PaymentCredentials,
  ) {
    this.name = config.payments.mode === 'mercadopago' ? 'mercadopago' : 'sandbox';
    (MercadoPagoSdkConfig as { BASE_URL: string }).BASE_URL = config.payments.apiUrl;
  }

  /** The SDK's clients, made on first use: the sandbox's token is only known once Redis answers. */
  private sdk(): Promise<{ preferences: Preference; payments: Payment }> {
    this.clients ??= this.credentials
      .get()
      .then(({ accessToken }) => {
        const client = new MercadoPagoConfig({ accessToken, options: { timeout: 10_000 } });
        return { preferences: new Preference(client), payments: new Payment(client) };
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
      },
      // One preference per payment link: a retried call does not create a second one.
      requestOptions: { idempotencyKey: `payment-link-${request.reference}` },
    });
    if (!preference.id || !preference.init_point) throw new Error('MercadoPago no devolvió el link de pago');
    return { preferenceId: preference.id, checkoutUrl: preference.init_point };
  }

  async getPayment(id: string): Promise<ProviderPayment | null> {
    const { payments } = await this.sdk();
    const payment = await payments.get({ id }).catch((error: unknown) => {
      if (error instanceof MPNotFoundError) return null;
      throw error;
    });
    if (!payment) return null;
    // Pesos on the provider's wire; an amount that is not a number counts as nothing paid (verification then refuses it).
    const amount = Number(payment.transaction_amount ?? 0);
    const orderId = Number(payment.external_reference);
    const reference: unknown = payment.metadata?.[REFERENCE_METADATA_KEY];
    return {
      id: String(payment.id),
      status: providerStatus(payment.status),
      orderId: Number.isInteger(orderId) && orderId > 0 ? orderId : null,
      amountCents: Number.isFinite(amount) ? pesosToCents(amount) : 0,
      currency: String(payment.currency_id ?? ''),
      reference: typeof reference === 'string' && reference !== '' ? reference : null,
    };
  }
}
