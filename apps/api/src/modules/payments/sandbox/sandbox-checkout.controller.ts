import { Body, Get, Header, Inject, Param, Post, Res } from '@nestjs/common';
import { centsToPesos } from '@oficios/domain';
import type { FastifyReply } from 'fastify';
import { HTML_CONTENT_TYPE } from '../../../common/http/html';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { checkoutPage, isPayableAt, preferenceCents } from './checkout-page';
import { mpError } from './mercadopago-errors';
import { isWebPage } from './sandbox-requests';
import { SandboxController } from './sandbox-controller.decorator';
import { SandboxWebhooks } from './sandbox-webhooks';
import { SandboxStore } from './sandbox.store';

/**
 * The sandbox's checkout, what the payer sees at a preference's `init_point`: a page that approves or rejects,
 * the redirect back to the preference's back URL and the webhook of the payment made.
 */
@SandboxController()
export class SandboxCheckoutController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: SandboxStore,
    private readonly webhooks: SandboxWebhooks,
  ) {}

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
    void this.webhooks.notify(preference, String(payment.id), 'payment.created');
    const chosen = approved ? preference.back_urls.success : preference.back_urls.failure;
    const back = isWebPage(chosen, this.config) ? (chosen as string) : this.config.webUrl;
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
}
