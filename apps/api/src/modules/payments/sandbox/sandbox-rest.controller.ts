import { Body, Get, Headers, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { exactCents } from '@oficios/domain';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { PaymentCredentials } from '../payment-credentials';
import { mpBadRequest, mpError, REFUND_REFUSALS } from './mercadopago-errors';
import { SANDBOX_PATH, SandboxController } from './sandbox-controller.decorator';
import { checkUrls, preferenceLife } from './sandbox-requests';
import type { SandboxItem, SandboxPreference } from './sandbox-shapes';
import { SandboxWebhooks } from './sandbox-webhooks';
import { SandboxStore } from './sandbox.store';

/**
 * Local stand-in for MercadoPago's REST API (PAYMENTS_SANDBOX or DEMO_MODE, without an access token), the paths the
 * official SDK calls: `POST /checkout/preferences`, `GET /v1/payments/{id}`, its search and its refunds.
 */
@SandboxController()
export class SandboxRestController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: SandboxStore,
    private readonly credentials: PaymentCredentials,
    private readonly webhooks: SandboxWebhooks,
  ) {}

  private async authorize(authorization: string | undefined): Promise<void> {
    const { accessToken } = await this.credentials.get();
    if (authorization !== `Bearer ${accessToken}`) throw mpError(401, 'invalid access token');
  }

  @Post('checkout/preferences')
  @HttpCode(201)
  async createPreference(
    @Headers('authorization') authorization: string | undefined,
    @Body()
    body: {
      items?: SandboxItem[];
      external_reference?: string;
      notification_url?: string;
      back_urls?: Record<string, string>;
      auto_return?: string;
      payer?: { email?: string };
      metadata?: unknown;
      expires?: unknown;
      expiration_date_from?: unknown;
      expiration_date_to?: unknown;
      date_of_expiration?: unknown;
    },
  ) {
    await this.authorize(authorization);
    checkUrls(body ?? {}, this.config);
    const life = preferenceLife(body ?? {});
    const metadata = body?.metadata ?? {};
    if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
      throw mpBadRequest('invalid_metadata', 'metadata must be an object');
    const items = body?.items;
    const validItem = (item: SandboxItem) =>
      typeof item?.title === 'string' &&
      Number.isInteger(item.quantity) &&
      item.quantity > 0 &&
      Number(item.unit_price) > 0 &&
      Number.isFinite(Number(item.unit_price));
    if (!Array.isArray(items) || items.length === 0 || !items.every(validItem)) throw mpError(400, 'items invalid');
    const preference = await this.store.savePreference({
      items,
      external_reference: String(body.external_reference ?? ''),
      notification_url: body.notification_url ?? null,
      back_urls: body.back_urls ?? {},
      auto_return: body.auto_return ?? null,
      payer_email: body.payer?.email ?? null,
      metadata: metadata as Record<string, unknown>,
      expires: life.expires ?? false,
      expiration_date_from: life.expiration_date_from ?? null,
      expiration_date_to: life.expiration_date_to ?? null,
      date_of_expiration: life.date_of_expiration ?? null,
    });
    return this.preferenceAnswer(preference);
  }

  private preferenceAnswer(preference: SandboxPreference) {
    const initPoint = `${this.config.publicApiUrl}/${SANDBOX_PATH}/checkout/${preference.id}`;
    return { ...preference, init_point: initPoint, sandbox_init_point: initPoint, collector_id: 1, client_id: 'oficios-sandbox' };
  }

  @Get('checkout/preferences/:id')
  async getPreference(@Headers('authorization') authorization: string | undefined, @Param('id') id: string) {
    await this.authorize(authorization);
    const preference = await this.store.preference(id);
    if (!preference) throw mpError(404, 'Preference not found');
    return this.preferenceAnswer(preference);
  }

  /** MercadoPago's update of a preference: here, its life (an integrator closes a link by moving `expiration_date_to` to now). */
  @Put('checkout/preferences/:id')
  async updatePreference(
    @Headers('authorization') authorization: string | undefined,
    @Param('id') id: string,
    @Body() body: Record<string, unknown> | undefined,
  ) {
    await this.authorize(authorization);
    const updated = await this.store.updatePreference(id, preferenceLife(body ?? {}));
    if (!updated) throw mpError(404, 'Preference not found');
    return this.preferenceAnswer(updated);
  }

  /** MercadoPago's payment search, by `external_reference` (the one filter the marketplace uses), newest first. */
  @Get('v1/payments/search')
  async searchPayments(
    @Headers('authorization') authorization: string | undefined,
    @Query('external_reference') externalReference: string | undefined,
    @Query('offset') offsetText: string | undefined,
    @Query('limit') limitText: string | undefined,
  ) {
    await this.authorize(authorization);
    if (!externalReference) throw mpBadRequest('invalid_parameter', 'external_reference is required by this sandbox');
    const offset = Math.max(0, Number.parseInt(offsetText ?? '0', 10) || 0);
    const limit = Math.min(1000, Math.max(1, Number.parseInt(limitText ?? '30', 10) || 30));
    const { total, payments } = await this.store.paymentsOf(externalReference, { offset, limit });
    return { paging: { total, limit, offset }, results: payments };
  }

  @Get('v1/payments/:id')
  async payment(@Headers('authorization') authorization: string | undefined, @Param('id') id: string) {
    await this.authorize(authorization);
    const payment = await this.store.payment(id);
    if (!payment) throw mpError(404, 'Payment not found');
    return payment;
  }

  /**
   * MercadoPago's refunds: `{amount}` in pesos gives part of the payment back, no amount all that is left. The
   * `X-Idempotency-Key` is required, as MercadoPago requires it: the same key answers the same refund, never a second
   * one. A refund made is notified like a payment (topic `payment`: the payment now shows it).
   */
  @Post('v1/payments/:id/refunds')
  @HttpCode(201)
  async refund(
    @Headers('authorization') authorization: string | undefined,
    @Headers('x-idempotency-key') idempotencyKey: string | undefined,
    @Param('id') id: string,
    @Body() body: { amount?: unknown } | undefined,
  ) {
    await this.authorize(authorization);
    if (!idempotencyKey || idempotencyKey.length > 100)
      throw mpBadRequest('missing_idempotency_key', 'X-Idempotency-Key header is required (at most 100 characters)');
    let amountCents: number | undefined;
    if (body?.amount !== undefined && body.amount !== null) {
      amountCents = exactCents(body.amount) ?? undefined;
      if (amountCents === undefined || amountCents <= 0) throw REFUND_REFUSALS.invalid_amount();
    }
    const outcome = await this.store.refund(id, amountCents, idempotencyKey);
    if ('refused' in outcome) throw REFUND_REFUSALS[outcome.refused]();
    if (outcome.created && outcome.refund.status === 'approved')
      void this.webhooks.notifyPayment(outcome.payment.preference_id, id, 'payment.updated');
    return outcome.refund;
  }

  @Get('v1/payments/:id/refunds')
  async refunds(@Headers('authorization') authorization: string | undefined, @Param('id') id: string) {
    await this.authorize(authorization);
    const payment = await this.store.payment(id);
    if (!payment) throw mpError(404, 'Payment not found');
    return payment.refunds;
  }
}
