import { Inject, Injectable } from '@nestjs/common';
import { centsToPesos, pesosToCents, sumCents, type Cents } from '@oficios/domain';
import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { REDIS } from '../../../common/redis.token';
import {
  withRefunds,
  type SandboxPayment,
  type SandboxPreference,
  type SandboxPreferenceChange,
  type SandboxRefund,
  type SandboxRefundOutcome,
} from './sandbox-shapes';

/** Sandbox data lives a week. */
const TTL_SECONDS = 7 * 24 * 3600;
/** Sandbox payment ids look like MercadoPago's: large integers. */
const FIRST_PAYMENT_ID = 9_000_000_000;

/** How long one payment's refund lock may be held (a crashed holder frees it then). */
const LOCK_MS = 5_000;
const RELEASE_LOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

const paymentKey = (id: number | string) => `sandbox:payment:${id}`;
const refundKeysKey = (id: number | string) => `sandbox:payment:${id}:refund-keys`;
const heldKey = (id: number | string) => `sandbox:payment:${id}:refunds-held`;
const paymentsOfKey = (externalReference: string) => `sandbox:payments-of:${externalReference}`;

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
    // Preferences stored before they could expire never do.
    return raw
      ? ({
          expires: false,
          expiration_date_from: null,
          expiration_date_to: null,
          date_of_expiration: null,
          ...JSON.parse(raw),
        } as SandboxPreference)
      : null;
  }

  /** Changes a preference (its life); null when there is none by that id. */
  async updatePreference(id: string, change: SandboxPreferenceChange): Promise<SandboxPreference | null> {
    const preference = await this.preference(id);
    if (!preference) return null;
    const saved = { ...preference, ...change };
    await this.redis.set(`sandbox:preference:${id}`, JSON.stringify(saved), 'EX', TTL_SECONDS);
    return saved;
  }

  async savePayment(payment: Omit<SandboxPayment, 'id' | 'transaction_amount_refunded' | 'refunds'>): Promise<SandboxPayment> {
    const id = FIRST_PAYMENT_ID + (await this.redis.incr('sandbox:payment-seq'));
    const saved: SandboxPayment = { ...payment, id, transaction_amount_refunded: 0, refunds: [] };
    await this.redis
      .multi()
      .set(paymentKey(id), JSON.stringify(saved), 'EX', TTL_SECONDS)
      .zadd(paymentsOfKey(payment.external_reference), id, String(id))
      .expire(paymentsOfKey(payment.external_reference), TTL_SECONDS)
      .exec();
    return saved;
  }

  /** MercadoPago's payment search by `external_reference`, newest first (as `sort=date_created&criteria=desc`). */
  async paymentsOf(
    externalReference: string,
    { offset, limit }: { offset: number; limit: number },
  ): Promise<{ total: number; payments: SandboxPayment[] }> {
    const key = paymentsOfKey(externalReference);
    const [total, ids] = await Promise.all([this.redis.zcard(key), this.redis.zrevrange(key, offset, offset + limit - 1)]);
    const payments = await Promise.all(ids.map((id) => this.payment(id)));
    return { total, payments: payments.filter((payment): payment is SandboxPayment => payment !== null) };
  }

  async payment(id: string): Promise<SandboxPayment | null> {
    if (!/^\d{1,20}$/.test(id)) return null;
    const raw = await this.redis.get(paymentKey(id));
    if (!raw) return null;
    // Payments stored before refunds existed have none.
    const stored = JSON.parse(raw) as Partial<SandboxPayment>;
    return {
      ...stored,
      transaction_amount_refunded: stored.transaction_amount_refunded ?? 0,
      refunds: stored.refunds ?? [],
    } as SandboxPayment;
  }

  /**
   * Gives back `amountCents` of an approved payment (all that is left when undefined), as MercadoPago does: one
   * refund per idempotency key (the same key answers the refund it made, whatever the body), never more than what is
   * left. Refunds of one payment are made one at a time (a lock in Redis), so parallel calls cannot overdraw it.
   */
  async refund(paymentId: string, amountCents: Cents | undefined, idempotencyKey: string): Promise<SandboxRefundOutcome> {
    if (!/^\d{1,20}$/.test(paymentId)) return { refused: 'not_found' };
    return this.locked(paymentId, async () => {
      const payment = await this.payment(paymentId);
      if (!payment) return { refused: 'not_found' };
      const known = await this.redis.hget(refundKeysKey(paymentId), idempotencyKey);
      const earlier = known === null ? undefined : payment.refunds.find((refund) => refund.id === Number(known));
      if (earlier) return { refund: earlier, created: false, payment };
      if (payment.status !== 'approved') return { refused: 'not_refundable' };
      const left = pesosToCents(payment.transaction_amount) - sumCents(payment.refunds.map((refund) => pesosToCents(refund.amount)));
      const amount = amountCents ?? left;
      if (!Number.isSafeInteger(amount) || amount <= 0) return { refused: 'invalid_amount' };
      if (amount > left) return { refused: 'amount_exceeded' };
      const held = (await this.redis.exists(heldKey(paymentId))) === 1;
      const refund: SandboxRefund = {
        id: FIRST_PAYMENT_ID + (await this.redis.incr('sandbox:refund-seq')),
        payment_id: payment.id,
        amount: centsToPesos(amount),
        status: held ? 'in_process' : 'approved',
        metadata: {},
        source: { id: 'oficios-sandbox', name: 'Oficios', type: 'collector' },
        date_created: new Date().toISOString(),
        unique_sequence_number: null,
        refund_mode: 'standard',
        adjustment_amount: 0,
        reason: null,
        amount_refunded_to_payer: centsToPesos(amount),
      };
      const saved = withRefunds(payment, [...payment.refunds, refund]);
      await this.redis
        .multi()
        .set(paymentKey(paymentId), JSON.stringify(saved), 'EX', TTL_SECONDS)
        .hset(refundKeysKey(paymentId), idempotencyKey, String(refund.id))
        .expire(refundKeysKey(paymentId), TTL_SECONDS)
        .exec();
      return { refund, created: true, payment: saved };
    });
  }

  /**
   * Test and demo hook, MercadoPago's case of a refund it cannot make at once (it answers `in_process` and settles
   * it later): refunds of this payment stay in process until `settleHeldRefunds`.
   */
  async holdRefunds(paymentId: string): Promise<void> {
    await this.redis.set(heldKey(paymentId), '1', 'EX', TTL_SECONDS);
  }

  /** Approves the payment's refunds in process (and stops holding new ones): answers the payment as it now reads. */
  async settleHeldRefunds(paymentId: string): Promise<SandboxPayment | null> {
    return this.locked(paymentId, async () => {
      await this.redis.del(heldKey(paymentId));
      const payment = await this.payment(paymentId);
      if (!payment) return null;
      const saved = withRefunds(
        payment,
        payment.refunds.map((refund) => ({ ...refund, status: 'approved' as const })),
      );
      await this.redis.set(paymentKey(paymentId), JSON.stringify(saved), 'EX', TTL_SECONDS);
      return saved;
    });
  }

  /** Runs `work` holding the payment's refund lock. */
  private async locked<T>(paymentId: string, work: () => Promise<T>): Promise<T> {
    const lock = `sandbox:payment:${paymentId}:lock`;
    const token = randomUUID();
    const deadline = Date.now() + 2 * LOCK_MS;
    while ((await this.redis.set(lock, token, 'PX', LOCK_MS, 'NX')) === null) {
      if (Date.now() > deadline) throw new Error(`El pago ${paymentId} del sandbox está bloqueado`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    try {
      return await work();
    } finally {
      await this.redis.eval(RELEASE_LOCK, 1, lock, token);
    }
  }
}
