import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { REDIS } from '../../common/redis.token';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

export interface ProviderCredentials {
  /** What the SDK sends as `Authorization: Bearer …`. */
  accessToken: string;
  /** The HMAC key of the provider's `x-signature` on notifications. */
  webhookSecret: string;
}

const SANDBOX_CREDENTIALS_KEY = 'sandbox:credentials';

/**
 * The payment provider's credentials. MercadoPago's come from the environment. The sandbox's are random per
 * deployment, never constants in the code: the first process to need them stores a pair in Redis and every other
 * process of the deployment (API, workers) reads the same pair.
 */
@Injectable()
export class PaymentCredentials {
  private pending: Promise<ProviderCredentials> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  get(): Promise<ProviderCredentials> {
    if (this.config.payments.mode !== 'sandbox') {
      return Promise.resolve({ accessToken: this.config.payments.accessToken, webhookSecret: this.config.payments.webhookSecret });
    }
    // A failed read (Redis away) is not remembered: the next call tries again.
    this.pending ??= this.sandboxCredentials().catch((error: unknown) => {
      this.pending = null;
      throw error;
    });
    return this.pending;
  }

  private async sandboxCredentials(): Promise<ProviderCredentials> {
    const fresh: ProviderCredentials = {
      accessToken: `TEST-${randomBytes(24).toString('hex')}`,
      webhookSecret: randomBytes(32).toString('hex'),
    };
    await this.redis.set(SANDBOX_CREDENTIALS_KEY, JSON.stringify(fresh), 'NX');
    const stored = await this.redis.get(SANDBOX_CREDENTIALS_KEY);
    if (!stored) throw new Error('No se pudieron leer las credenciales del sandbox de pagos');
    return JSON.parse(stored) as ProviderCredentials;
  }
}
