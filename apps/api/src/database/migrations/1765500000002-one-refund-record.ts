import type { MigrationInterface, QueryRunner } from 'typeorm';
import { refundsWithinPaid } from './1765500000000-bookings-module';

/**
 * A refund has one record, payments' `payment_refunds`, written when the booking's exit or dispute asks for it: the
 * bookings' mirror (`booking_refunds`) goes, each of its rows kept there (one not yet taken up by payments is written
 * now, from the order's approved payment, under the key payments would give it). The bound of a booking's refunds
 * (never past what was paid for it) moves with them.
 */
export class OneRefundRecord1765500000002 implements MigrationInterface {
  name = 'OneRefundRecord1765500000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A booking refund is only ever asked of a paid order: one whose order has no payment at all cannot be kept, so the
    // migration stops rather than lose it.
    const [{ orphans }]: { orphans: number }[] = await queryRunner.query(
      `SELECT count(*)::int AS orphans FROM booking_refunds r JOIN bookings b ON b.id = r.line_id
       WHERE NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = b.order_id)`,
    );
    if (orphans > 0) throw new Error(`${orphans} devoluciones de reservas son de órdenes sin ningún pago: revisarlas antes de migrar`);
    await queryRunner.query(
      `INSERT INTO payment_refunds (payment_id, order_id, line_id, client_id, cause, amount_cents, idempotency_key, status, created_at, updated_at)
       SELECT p.id, b.order_id, r.line_id, b.client_id, r.cause::text::payment_refund_cause, r.amount_cents,
              'oficios-line-' || r.line_id || '-refund-' || r.cause, r.status::text::payment_refund_status, r.created_at, r.updated_at
       FROM booking_refunds r JOIN bookings b ON b.id = r.line_id
       JOIN LATERAL (SELECT id FROM payments WHERE order_id = b.order_id ORDER BY status <> 'approved', needs_review, id LIMIT 1) p ON true
       WHERE NOT EXISTS (SELECT 1 FROM payment_refunds pr WHERE pr.line_id = r.line_id AND pr.cause::text = r.cause::text)`,
    );
    await queryRunner.query(`DROP TABLE "booking_refunds"`);
    await queryRunner.query(`DROP FUNCTION "booking_refunds_within_paid"()`);
    await queryRunner.query(`DROP TYPE "booking_refund_cause"`);
    await queryRunner.query(`DROP TYPE "booking_refund_status"`);
    await queryRunner.query(refundsWithinPaid('payment_refunds_within_booking', 'bookings', 'payment_refunds'));
    await queryRunner.query(`CREATE TRIGGER "payment_refunds_within_booking" BEFORE INSERT OR UPDATE OF line_id, amount_cents, status
      ON "payment_refunds" FOR EACH ROW EXECUTE FUNCTION "payment_refunds_within_booking"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "payment_refunds_within_booking" ON "payment_refunds"`);
    await queryRunner.query(`DROP FUNCTION "payment_refunds_within_booking"()`);
    await queryRunner.query(
      `CREATE TYPE "booking_refund_cause" AS ENUM ('declined', 'expired', 'client_cancelled', 'professional_cancelled', 'admin_cancelled', 'dispute')`,
    );
    await queryRunner.query(`CREATE TYPE "booking_refund_status" AS ENUM ('requested', 'approved', 'failed')`);
    await queryRunner.query(
      `CREATE TABLE "booking_refunds" ("id" SERIAL NOT NULL, "line_id" integer NOT NULL, "cause" "booking_refund_cause" NOT NULL,
        "amount_cents" bigint NOT NULL, "status" "booking_refund_status" NOT NULL DEFAULT 'requested',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "booking_refunds_amount_positive" CHECK (amount_cents > 0), CONSTRAINT "PK_line_refunds" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "booking_refunds_line_cause_key" ON "booking_refunds" ("line_id", "cause")`);
    await queryRunner.query(
      `ALTER TABLE "booking_refunds" ADD CONSTRAINT "FK_35ddd1610fe6cf4215a53824f1e" FOREIGN KEY ("line_id") REFERENCES "bookings"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `INSERT INTO booking_refunds (line_id, cause, amount_cents, status, created_at, updated_at)
       SELECT line_id, cause::text::booking_refund_cause, amount_cents, status::text::booking_refund_status, created_at, updated_at
       FROM payment_refunds WHERE line_id IS NOT NULL ORDER BY id`,
    );
    await queryRunner.query(refundsWithinPaid('booking_refunds_within_paid', 'bookings', 'booking_refunds'));
    await queryRunner.query(`CREATE TRIGGER "booking_refunds_within_paid" BEFORE INSERT OR UPDATE OF line_id, amount_cents, status
      ON "booking_refunds" FOR EACH ROW EXECUTE FUNCTION "booking_refunds_within_paid"()`);
  }
}
