import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { InvalidWebhookSignatureError, WebhookSignatureValidator } from 'mercadopago';
import { createHash } from 'node:crypto';
import { unauthorized } from '../../common/errors/app-errors';
import { REDIS } from '../../common/redis.token';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OutboxService } from '../outbox';
import { PaymentCredentials } from './payment-credentials';

export interface WebhookRequest {
  signature: string | string[] | undefined;
  requestId: string | string[] | undefined;
  dataId: unknown;
  type: unknown;
}

/** The provider's notifications (`POST /api/mercado/webhook`): verified, deduplicated, handed to the worker. */
@Injectable()
export class PaymentNotificationsService {
  private readonly logger = new Logger('Payments');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly outbox: OutboxService,
    private readonly credentials: PaymentCredentials,
  ) {}

  /**
   * Checked against its `x-signature` (HMAC of data.id, x-request-id and ts, within the tolerance window), then
   * recorded as PaymentNotified for the worker. A forged or stale one is refused and changes nothing; the same
   * notification again (same x-request-id and data.id) within the window is acknowledged and recorded once.
   */
  async acceptNotification(request: WebhookRequest): Promise<{ received: true }> {
    const dataId = typeof request.dataId === 'string' || typeof request.dataId === 'number' ? String(request.dataId) : '';
    const { webhookSecret } = await this.credentials.get();
    try {
      WebhookSignatureValidator.validate({
        xSignature: request.signature,
        xRequestId: request.requestId,
        dataId,
        secret: webhookSecret,
        toleranceSeconds: this.config.payments.webhookToleranceSeconds,
      });
    } catch (error) {
      const reason = error instanceof InvalidWebhookSignatureError ? error.reason : String(error);
      this.logger.warn(`Notificación rechazada (${reason}) data.id=${dataId}`);
      throw unauthorized('invalid_signature', 'Firma de la notificación inválida');
    }
    // Only payment notifications move orders; others (merchant orders...) are acknowledged and ignored.
    if (request.type !== 'payment' || !/^\d{1,30}$/.test(dataId)) return { received: true };
    const requestId = String(Array.isArray(request.requestId) ? request.requestId[0] : request.requestId);
    // A signed notification replays as long as its timestamp is within the window (either side): remember it that long.
    const seen = `webhook-seen:${createHash('sha256').update(`${requestId}\n${dataId}`).digest('hex')}`;
    const first = await this.redis.set(seen, '1', 'EX', 2 * this.config.payments.webhookToleranceSeconds + 60, 'NX');
    if (first === null) {
      this.logger.log(`Notificación repetida (x-request-id ${requestId}, pago ${dataId}): ya registrada`);
      return { received: true };
    }
    try {
      await this.outbox.transaction((manager) => this.outbox.record(manager, 'PaymentNotified', { providerPaymentId: dataId, requestId }));
    } catch (error) {
      // Not recorded: the provider's retry of this very notification must get through.
      await this.redis.del(seen).catch(() => undefined);
      throw error;
    }
    return { received: true };
  }
}
