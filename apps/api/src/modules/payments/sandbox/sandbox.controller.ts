import {
  Body,
  Catch,
  Controller,
  Get,
  Header,
  Headers,
  HttpCode,
  HttpException,
  Inject,
  Logger,
  Param,
  Post,
  Put,
  Query,
  Res,
  UseFilters,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { centsToPesos, exactCents } from '@oficios/domain';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Access, SkipXsrf } from '../../../common/auth/access.decorator';
import { HTML_CONTENT_TYPE } from '../../../common/http/html';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { PaymentCredentials } from '../payment-credentials';
import { checkoutPage, isPayableAt, preferenceCents } from './checkout-page';
import {
  SandboxStore,
  type SandboxItem,
  type SandboxPreference,
  type SandboxPreferenceChange,
  type SandboxRefundRefusal,
} from './sandbox.store';
import { mercadoPagoSignature } from './webhook-signature';

/** Errors shaped like MercadoPago's, so the SDK reports them as it would the real ones. */
const mpError = (status: number, message: string) => new HttpException({ message, error: message, status, cause: [] }, status);
const mpBadRequest = (code: string, message: string) =>
  new HttpException({ message, error: 'bad_request', status: 400, cause: [{ code, description: message, data: null }] }, 400);

const WEBHOOK_ATTEMPTS = 6;

/** A preference's life from a body (create or update), as MercadoPago reads it: ISO dates, `expires` a boolean. */
function preferenceLife(body: Record<string, unknown>): SandboxPreferenceChange {
  const life: SandboxPreferenceChange = {};
  if (body.expires !== undefined) {
    if (typeof body.expires !== 'boolean') throw mpBadRequest('invalid_expires', 'expires must be a boolean');
    life.expires = body.expires;
  }
  for (const field of ['expiration_date_from', 'expiration_date_to', 'date_of_expiration'] as const) {
    const value = body[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
      throw mpBadRequest('invalid_date', `${field} must be an ISO 8601 date`);
    life[field] = new Date(value).toISOString();
  }
  return life;
}

/** MercadoPago's answers to a refund it will not make. */
const REFUND_REFUSALS: Record<SandboxRefundRefusal, () => HttpException> = {
  not_found: () => mpError(404, 'Payment not found'),
  not_refundable: () => mpBadRequest('payment_not_refundable', 'The payment is not approved or was already refunded in full'),
  invalid_amount: () => mpBadRequest('invalid_refund_amount', 'amount must be a positive amount with at most two decimals'),
  amount_exceeded: () => mpBadRequest('amount_exceeded', 'The refund amount exceeds the amount available to refund'),
};

/** The sandbox answers its refusals exactly as MercadoPago does (the SDK parses them), not in the API's own shape. */
@Catch(HttpException)
class MercadoPagoErrorFilter implements ExceptionFilter {
  catch(exception: HttpException, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<FastifyReply>().code(exception.getStatus()).type('application/json').send(exception.getResponse());
  }
}

/**
 * Local stand-in for MercadoPago (PAYMENTS_SANDBOX or DEMO_MODE, without an access token):
 * its REST paths (`POST /checkout/preferences`, `GET /v1/payments/{id}`, its refunds) for the
 * official SDK, a checkout page that approves or rejects, the redirect back
 * and a webhook signed as MercadoPago signs them.
 */
@ApiExcludeController()
@UseFilters(MercadoPagoErrorFilter)
@Access('public')
@SkipXsrf()
@Controller('sandbox/mercadopago')
export class SandboxController {
  private readonly logger = new Logger('Sandbox');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: SandboxStore,
    private readonly credentials: PaymentCredentials,
  ) {}

  /** A back URL the sandbox may send a browser to: a page of one of the configured web origins. */
  private isWebPage(value: unknown): boolean {
    if (typeof value !== 'string') return false;
    try {
      return this.config.webOrigins.includes(new URL(value).origin);
    } catch {
      return false;
    }
  }

  /**
   * Only this API's own notification URL and pages of its web origins: with the sandbox's token nobody can make it
   * POST signed notifications to an internal address or redirect a browser anywhere else.
   */
  private checkUrls(body: { notification_url?: unknown; back_urls?: unknown }): void {
    if (body.notification_url !== undefined && body.notification_url !== this.config.payments.notificationUrl)
      throw mpBadRequest('invalid_notification_url', 'notification_url must be the notification URL configured for this API');
    const backUrls = body.back_urls ?? {};
    if (typeof backUrls !== 'object' || backUrls === null || Array.isArray(backUrls))
      throw mpBadRequest('invalid_back_urls', 'back_urls must be an object');
    for (const [name, value] of Object.entries(backUrls))
      if (!['success', 'failure', 'pending'].includes(name) || !this.isWebPage(value))
        throw mpBadRequest('invalid_back_urls', `back_urls.${name} must be a page of the configured web origins`);
  }

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
    this.checkUrls(body ?? {});
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
    const initPoint = `${this.config.publicApiUrl}/sandbox/mercadopago/checkout/${preference.id}`;
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
      void this.notifyPayment(outcome.payment.preference_id, id, 'payment.updated');
    return outcome.refund;
  }

  @Get('v1/payments/:id/refunds')
  async refunds(@Headers('authorization') authorization: string | undefined, @Param('id') id: string) {
    await this.authorize(authorization);
    const payment = await this.store.payment(id);
    if (!payment) throw mpError(404, 'Payment not found');
    return payment.refunds;
  }

  @Get('checkout/:preferenceId')
  @Header('Content-Type', HTML_CONTENT_TYPE)
  @Header('Cache-Control', 'no-store')
  async checkout(@Param('preferenceId') preferenceId: string) {
    const preference = await this.store.preference(preferenceId);
    if (!preference) throw mpError(404, 'La preferencia de pago no existe o venció');
    return checkoutPage(preference, this.config.payments.currency, Date.now());
  }

  @Post('checkout/:preferenceId/pay')
  async pay(@Param('preferenceId') preferenceId: string, @Body() body: { decision?: string } | undefined, @Res() res: FastifyReply) {
    const preference = await this.store.preference(preferenceId);
    if (!preference) throw mpError(404, 'La preferencia de pago no existe o venció');
    if (body?.decision !== 'approve' && body?.decision !== 'reject') throw mpError(400, 'decision debe ser approve o reject');
    // Expired or closed (its order can no longer be paid): MercadoPago takes no money through it.
    if (!isPayableAt(preference, Date.now())) throw mpError(410, 'Este link de pago venció: ya no se puede pagar');
    const approved = body.decision === 'approve';
    const now = new Date().toISOString();
    const payment = await this.store.savePayment({
      status: approved ? 'approved' : 'rejected',
      status_detail: approved ? 'accredited' : 'cc_rejected_other_reason',
      external_reference: preference.external_reference,
      preference_id: preference.id,
      transaction_amount: centsToPesos(preferenceCents(preference)),
      currency_id: preference.items[0]?.currency_id ?? this.config.payments.currency,
      // As MercadoPago: the preference's metadata travels with each of its payments.
      metadata: preference.metadata ?? {},
      date_created: now,
      date_approved: approved ? now : null,
    });
    if (preference.notification_url === this.config.payments.notificationUrl)
      void this.sendWebhook(preference.notification_url, String(payment.id), 'payment.created');
    const chosen = approved ? preference.back_urls.success : preference.back_urls.failure;
    const back = this.isWebPage(chosen) ? (chosen as string) : this.config.webUrl;
    const target = new URL(back);
    const params: Record<string, string> = {
      collection_id: String(payment.id),
      collection_status: payment.status,
      payment_id: String(payment.id),
      status: payment.status,
      external_reference: preference.external_reference,
      payment_type: 'credit_card',
      preference_id: preference.id,
    };
    for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
    res.redirect(target.toString(), 303);
  }

  /** A change of a payment, notified to the URL of the preference it was paid through (only this API's own). */
  private async notifyPayment(preferenceId: string, paymentId: string, action: string): Promise<void> {
    const preference = await this.store.preference(preferenceId);
    if (preference?.notification_url === this.config.payments.notificationUrl)
      await this.sendWebhook(preference.notification_url, paymentId, action);
  }

  /** Like MercadoPago: POST the notification, retrying with backoff until it is acknowledged. */
  private async sendWebhook(notificationUrl: string, paymentId: string, action: string): Promise<void> {
    const url = new URL(notificationUrl);
    url.searchParams.set('data.id', paymentId);
    url.searchParams.set('type', 'payment');
    const { webhookSecret } = await this.credentials.get();
    for (let attempt = 1; attempt <= WEBHOOK_ATTEMPTS; attempt++) {
      const requestId = randomUUID();
      const signature = mercadoPagoSignature(webhookSecret, paymentId, requestId, Math.floor(Date.now() / 1000));
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-signature': signature, 'x-request-id': requestId },
          body: JSON.stringify({
            action,
            api_version: 'v1',
            data: { id: paymentId },
            date_created: new Date().toISOString(),
            id: Date.now(),
            live_mode: false,
            type: 'payment',
            user_id: '1',
          }),
        });
        if (response.ok) return;
        this.logger.warn(`Webhook del pago ${paymentId} respondió ${response.status} (intento ${attempt})`);
      } catch (error) {
        this.logger.warn(`Webhook del pago ${paymentId} falló (intento ${attempt}): ${(error as Error).message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
  }
}
