import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { PaymentCredentials } from '../payment-credentials';
import type { SandboxPreference } from './sandbox-shapes';
import { SandboxStore } from './sandbox.store';
import { mercadoPagoSignature } from './webhook-signature';

const WEBHOOK_ATTEMPTS = 6;

/** The notifications the sandbox sends of its payments, signed as MercadoPago signs them. */
@Injectable()
export class SandboxWebhooks {
  private readonly logger = new Logger('Sandbox');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: SandboxStore,
    private readonly credentials: PaymentCredentials,
  ) {}

  /** A change of a payment, notified to the URL of the preference it was paid through (only this API's own). */
  async notifyPayment(preferenceId: string, paymentId: string, action: string): Promise<void> {
    const preference = await this.store.preference(preferenceId);
    if (preference) await this.notify(preference, paymentId, action);
  }

  /** A payment of `preference`, notified to its URL when that is this API's own. */
  async notify(preference: SandboxPreference, paymentId: string, action: string): Promise<void> {
    if (preference.notification_url === this.config.payments.notificationUrl)
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
