import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * After the work: a line records when it became done (the dispute window counts from it), and a
 * client's report of a problem is a `line_disputes` row (one per line) with the professional's answer and the
 * administrator's resolution. Its client and resolver are identity's accounts (keys between modules).
 */
export class Disputes1764800000002 implements MigrationInterface {
  name = 'Disputes1764800000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `ALTER TABLE "order_details" ADD "done_at" TIMESTAMP WITH TIME ZONE`,
      // Lines done before this migration: their last move to done is when they became done.
      `UPDATE "order_details" d SET "done_at" = COALESCE(
         (SELECT max(t."created_at") FROM "line_transitions" t WHERE t."line_id" = d."id" AND t."to_status" = 'done'), d."created_at")
       WHERE d."line_status" = 'done'`,
      `CREATE TYPE "public"."dispute_status" AS ENUM('open', 'resolved')`,
      `CREATE TYPE "public"."dispute_resolution" AS ENUM('none', 'partial', 'full')`,
      `CREATE TABLE "line_disputes" ("id" SERIAL NOT NULL, "line_id" integer NOT NULL, "client_id" integer NOT NULL, "reason" character varying(2000) NOT NULL, "professional_answer" character varying(2000), "status" "public"."dispute_status" NOT NULL DEFAULT 'open', "resolution" "public"."dispute_resolution", "refund_cents" bigint, "admin_note" character varying(1000), "resolved_by" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "resolved_at" TIMESTAMP WITH TIME ZONE, "refund_settled_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_571a4426864b7452aaac8a1448b" PRIMARY KEY ("id"))`,
      `CREATE UNIQUE INDEX "line_disputes_line_key" ON "line_disputes"  ("line_id") `,
      `CREATE INDEX "line_disputes_status_idx" ON "line_disputes"  ("status", "created_at") `,
      `ALTER TABLE "line_disputes" ADD CONSTRAINT "FK_f4a8a1db3c051779f902fb64ffe" FOREIGN KEY ("line_id") REFERENCES "order_details"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      // Between modules: the client who reported it and the administrator who resolved it.
      `ALTER TABLE "line_disputes" ADD CONSTRAINT "line_disputes_client_fkey" FOREIGN KEY ("client_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "line_disputes" ADD CONSTRAINT "line_disputes_resolver_fkey" FOREIGN KEY ("resolved_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "line_disputes"`);
    await queryRunner.query(`DROP TYPE "public"."dispute_resolution"`);
    await queryRunner.query(`DROP TYPE "public"."dispute_status"`);
    await queryRunner.query(`ALTER TABLE "order_details" DROP COLUMN "done_at"`);
  }
}
