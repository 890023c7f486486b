import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Checkout charged once and payments verified: orders remember their cart (one open order per cart, a partial
 * unique index), payments carry our link reference, the currency paid and the review / refund-due flags, and
 * `Idempotency-Key` answers are kept.
 */
export class ChargedOnce1764100000000 implements MigrationInterface {
  name = 'ChargedOnce1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `CREATE TABLE "idempotency_keys" ("user_id" integer NOT NULL, "scope" character varying(40) NOT NULL, "key" character varying(100) NOT NULL, "request_hash" character(64) NOT NULL, "response" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0e5a877e0cd296419232cea4e2e" PRIMARY KEY ("user_id", "scope", "key"))`,
      `CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys"  ("created_at") `,
      `ALTER TABLE "orders" ADD "cart_id" integer`,
      `ALTER TABLE "payments" ADD "reference" character varying(64)`,
      `ALTER TABLE "payments" ADD "currency" character varying(10)`,
      `ALTER TABLE "payments" ADD "needs_review" boolean NOT NULL DEFAULT false`,
      `ALTER TABLE "payments" ADD "refund_due" boolean NOT NULL DEFAULT false`,
      `ALTER TABLE "payments" ADD "review_reason" character varying(500)`,
      // A client has one cart: every existing order came from its client's cart.
      `UPDATE "orders" o SET "cart_id" = c."id" FROM "carts" c WHERE c."client_id" = o."client_id"`,
      // Open orders made twice from one cart (the bug this fixes): the newest stays open, the others are cancelled
      // as a changed cart's order would be, recorded, with their unpaid links.
      `WITH stale AS (
         SELECT o."id" FROM "orders" o WHERE o."status" = 'creada'
         AND EXISTS (SELECT 1 FROM "orders" n WHERE n."cart_id" = o."cart_id" AND n."status" = 'creada' AND n."id" > o."id")),
       moved AS (UPDATE "orders" SET "status" = 'cancelada' WHERE "id" IN (SELECT "id" FROM stale) RETURNING "id"),
       lines AS (UPDATE "order_details" SET "status" = 'cancelada' WHERE "order_id" IN (SELECT "id" FROM moved)),
       links AS (UPDATE "payments" SET "status" = 'cancelled' WHERE "status" = 'pending' AND "order_id" IN (SELECT "id" FROM moved))
       INSERT INTO "order_status_changes" ("order_id", "from_status", "to_status", "reason")
       SELECT "id", 'creada', 'cancelada', 'cart-changed' FROM moved`,
      `CREATE UNIQUE INDEX "orders_open_cart_key" ON "orders"  ("cart_id") WHERE status = 'creada'`,
      `CREATE INDEX "payments_reference_idx" ON "payments"  ("reference") `,
      `ALTER TABLE "idempotency_keys" ADD CONSTRAINT "FK_4d2181624ba2d61e76a07175198" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "orders" ADD CONSTRAINT "FK_f42b1d95404c45b10bf2451d814" FOREIGN KEY ("cart_id") REFERENCES "carts"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Orders cancelled by `up` stay cancelled (their change is recorded).
    for (const statement of [
      `ALTER TABLE "orders" DROP CONSTRAINT "FK_f42b1d95404c45b10bf2451d814"`,
      `ALTER TABLE "idempotency_keys" DROP CONSTRAINT "FK_4d2181624ba2d61e76a07175198"`,
      `DROP INDEX "public"."payments_reference_idx"`,
      `DROP INDEX "public"."orders_open_cart_key"`,
      `ALTER TABLE "payments" DROP COLUMN "review_reason"`,
      `ALTER TABLE "payments" DROP COLUMN "refund_due"`,
      `ALTER TABLE "payments" DROP COLUMN "needs_review"`,
      `ALTER TABLE "payments" DROP COLUMN "currency"`,
      `ALTER TABLE "payments" DROP COLUMN "reference"`,
      `ALTER TABLE "orders" DROP COLUMN "cart_id"`,
      `DROP INDEX "public"."idempotency_keys_created_idx"`,
      `DROP TABLE "idempotency_keys"`,
    ]) {
      await queryRunner.query(statement);
    }
  }
}
