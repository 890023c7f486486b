import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds of order lines through the provider: one row per idempotency key (the provider's
 * X-Idempotency-Key too), from the order's approved payment. Its order and line are orders' rows, its client identity's (keys between modules).
 */
export class PaymentRefunds1764800000001 implements MigrationInterface {
  name = 'PaymentRefunds1764800000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `CREATE TYPE "public"."payment_refund_cause" AS ENUM('declined', 'expired', 'client_cancelled', 'professional_cancelled', 'admin_cancelled', 'dispute')`,
      `CREATE TYPE "public"."payment_refund_status" AS ENUM('requested', 'approved', 'failed')`,
      `CREATE TABLE "payment_refunds" ("id" SERIAL NOT NULL, "payment_id" integer NOT NULL, "order_id" integer NOT NULL, "line_id" integer NOT NULL, "client_id" integer NOT NULL, "cause" "public"."payment_refund_cause" NOT NULL, "amount_cents" bigint NOT NULL, "idempotency_key" character varying(64) NOT NULL, "status" "public"."payment_refund_status" NOT NULL DEFAULT 'requested', "provider_refund_id" character varying(100), "failure" character varying(500), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "payment_refunds_amount_positive" CHECK (amount_cents > 0), CONSTRAINT "PK_c33fe9426d69e3d60080c7d2f06" PRIMARY KEY ("id"))`,
      `CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds"  ("payment_id") `,
      `CREATE INDEX "payment_refunds_line_idx" ON "payment_refunds"  ("line_id") `,
      `CREATE UNIQUE INDEX "payment_refunds_idempotency_key" ON "payment_refunds"  ("idempotency_key") `,
      `CREATE UNIQUE INDEX "payment_refunds_provider_refund_key" ON "payment_refunds"  ("provider_refund_id") WHERE provider_refund_id IS NOT NULL`,
      `ALTER TABLE "payment_refunds" ADD CONSTRAINT "FK_a10d6c1918989353b79932a2bad" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
      // Between modules: money given back keeps its order and line.
      `ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
      `ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_line_fkey" FOREIGN KEY ("line_id") REFERENCES "order_details"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
      `ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_client_fkey" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "payment_refunds"`);
    await queryRunner.query(`DROP TYPE "public"."payment_refund_status"`);
    await queryRunner.query(`DROP TYPE "public"."payment_refund_cause"`);
  }
}
