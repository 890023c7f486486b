import type { Cents } from '@oficios/domain';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { centsTransformer } from '../../../common/cents.transformer';

export const PAYMENT_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A payment attempt for an order at the provider (MercadoPago or the sandbox); `order_id`'s foreign key lives in the migrations. */
@Entity('payments')
export class Payment {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('payments_order_idx')
  @Column({ type: 'integer' })
  orderId: number;

  @Column({ type: 'varchar', length: 20 })
  provider: string;

  /** Checkout preference id at the provider. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  preferenceId: string | null;

  /** The provider's payment id once notified; unique so a replay is recognised. */
  @Index('payments_provider_payment_key', { unique: true, where: 'provider_payment_id IS NOT NULL' })
  @Column({ type: 'varchar', length: 100, nullable: true })
  providerPaymentId: string | null;

  /**
   * Our random reference for this payment link, sent in the preference's metadata: the provider copies it into
   * every payment of the preference, so a payment carrying it comes from a link we made for this order.
   */
  @Index('payments_reference_idx')
  @Column({ type: 'varchar', length: 64, nullable: true })
  reference: string | null;

  @Column({ type: 'enum', enum: PAYMENT_STATUSES, enumName: 'payment_status', default: 'pending' })
  status: PaymentStatus;

  /** What the link asks for; once notified, what the provider says was paid. */
  @Column({ type: 'bigint', transformer: centsTransformer })
  amountCents: Cents;

  @Column({ type: 'varchar', length: 10, nullable: true })
  currency: string | null;

  /** The payment did not match its order (currency, amount, link...) and did not move it: an administrator looks. */
  @Column({ type: 'boolean', default: false })
  needsReview: boolean;

  /** Money was taken for an order it cannot pay for (or the paid order was cancelled): it is owed back. */
  @Column({ type: 'boolean', default: false })
  refundDue: boolean;

  /** Why it needs review or a refund, in Spanish, for the administrators. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  reviewReason: string | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  checkoutUrl: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
