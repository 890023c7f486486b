import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { REDIS } from '../../../common/redis.token';

export interface SandboxItem {
  id?: string;
  title: string;
  quantity: number;
  unit_price: number;
  currency_id?: string;
}

export interface SandboxPreference {
  id: string;
  items: SandboxItem[];
  external_reference: string;
  notification_url: string | null;
  back_urls: { success?: string; failure?: string; pending?: string };
  auto_return: string | null;
  payer_email: string | null;
  /** The integrator's key-value metadata, copied into every payment of the preference as MercadoPago does. */
  metadata: Record<string, unknown>;
  date_created: string;
}

export interface SandboxPayment {
  id: number;
  status: 'approved' | 'rejected';
  status_detail: string;
  external_reference: string;
  preference_id: string;
  transaction_amount: number;
  currency_id: string;
  metadata: Record<string, unknown>;
  date_created: string;
  date_approved: string | null;
}

/** Sandbox data lives a week. */
const TTL_SECONDS = 7 * 24 * 3600;
/** Sandbox payment ids look like MercadoPago's: large integers. */
const FIRST_PAYMENT_ID = 9_000_000_000;

/** The sandbox's preferences and payments, in Redis so every API process sees them. */
@Injectable()
export class SandboxStore {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async savePreference(preference: Omit<SandboxPreference, 'id' | 'date_created'>): Promise<SandboxPreference> {
    const saved: SandboxPreference = { ...preference, id: `sbx-${randomUUID()}`, date_created: new Date().toISOString() };
    await this.redis.set(`sandbox:preference:${saved.id}`, JSON.stringify(saved), 'EX', TTL_SECONDS);
    return saved;
  }

  async preference(id: string): Promise<SandboxPreference | null> {
    const raw = await this.redis.get(`sandbox:preference:${id}`);
    return raw ? (JSON.parse(raw) as SandboxPreference) : null;
  }

  async savePayment(payment: Omit<SandboxPayment, 'id'>): Promise<SandboxPayment> {
    const id = FIRST_PAYMENT_ID + (await this.redis.incr('sandbox:payment-seq'));
    const saved: SandboxPayment = { ...payment, id };
    await this.redis.set(`sandbox:payment:${id}`, JSON.stringify(saved), 'EX', TTL_SECONDS);
    return saved;
  }

  async payment(id: string): Promise<SandboxPayment | null> {
    if (!/^\d{1,20}$/.test(id)) return null;
    const raw = await this.redis.get(`sandbox:payment:${id}`);
    return raw ? (JSON.parse(raw) as SandboxPayment) : null;
  }
}
