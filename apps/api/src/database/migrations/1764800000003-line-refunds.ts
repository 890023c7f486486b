import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each booking's refunds as its client follows them (requested → approved | failed), one per line and cause. */
export class LineRefunds1764800000003 implements MigrationInterface {
  name = 'LineRefunds1764800000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TYPE "public"."line_refund_cause" AS ENUM('declined', 'expired', 'client_cancelled', 'professional_cancelled', 'admin_cancelled', 'dispute')`,
    );
    await queryRunner.query(`CREATE TYPE "public"."line_refund_status" AS ENUM('requested', 'approved', 'failed')`);
    await queryRunner.query(
      `CREATE TABLE "line_refunds" ("id" SERIAL NOT NULL, "line_id" integer NOT NULL, "cause" "public"."line_refund_cause" NOT NULL,
        "amount_cents" bigint NOT NULL, "status" "public"."line_refund_status" NOT NULL DEFAULT 'requested',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "line_refunds_amount_positive" CHECK (amount_cents > 0), CONSTRAINT "PK_line_refunds" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "line_refunds_line_cause_key" ON "line_refunds" ("line_id", "cause") `);
    await queryRunner.query(
      `ALTER TABLE "line_refunds" ADD CONSTRAINT "FK_03bed99ac8ae3de464ac52c0b0c" FOREIGN KEY ("line_id") REFERENCES "order_details"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // Refunds requested before this table existed: payments' rows say what was asked and how it ended.
    await queryRunner.query(
      `INSERT INTO "line_refunds" ("line_id", "cause", "amount_cents", "status", "created_at", "updated_at")
       SELECT line_id, cause::text::"public"."line_refund_cause", amount_cents, status::text::"public"."line_refund_status", created_at, updated_at
       FROM "payment_refunds" ON CONFLICT DO NOTHING`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "line_refunds"`);
    await queryRunner.query(`DROP TYPE "public"."line_refund_status"`);
    await queryRunner.query(`DROP TYPE "public"."line_refund_cause"`);
  }
}
