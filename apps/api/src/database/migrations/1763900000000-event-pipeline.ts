import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event pipeline's bookkeeping: a notification is unique per event and
 * recipient (one event tells several professionals), remembers when its mail
 * went out (a retried job does not mail twice), and every order status change
 * is recorded with who made it.
 */
export class EventPipeline1763900000000 implements MigrationInterface {
  name = 'EventPipeline1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `DROP INDEX "public"."notifications_source_key"`,
      `ALTER TABLE "notifications" ADD "mailed_at" TIMESTAMP WITH TIME ZONE`,
      `CREATE UNIQUE INDEX "notifications_source_user_key" ON "notifications"  ("source_event_id", "user_id") WHERE source_event_id IS NOT NULL`,
      `CREATE TABLE "order_status_changes" ("id" SERIAL NOT NULL, "order_id" integer NOT NULL, "from_status" "public"."order_status" NOT NULL, "to_status" "public"."order_status" NOT NULL, "changed_by" integer, "reason" character varying(40) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f48e3dcc44bc80aa0f48d522019" PRIMARY KEY ("id"))`,
      `CREATE INDEX "order_status_changes_order_idx" ON "order_status_changes"  ("order_id", "created_at") `,
      `ALTER TABLE "order_status_changes" ADD CONSTRAINT "FK_98fbf25a64a4f488d2289a1b3c8" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "order_status_changes" ADD CONSTRAINT "FK_039cb3e6ce31b4a7cbdc4c243c7" FOREIGN KEY ("changed_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `DROP TABLE "order_status_changes"`,
      `DROP INDEX "public"."notifications_source_user_key"`,
      `ALTER TABLE "notifications" DROP COLUMN "mailed_at"`,
      // Before this migration one event made at most one notification; keep the oldest if several exist.
      `DELETE FROM "notifications" n USING "notifications" m WHERE n.source_event_id = m.source_event_id AND n.id > m.id`,
      `CREATE UNIQUE INDEX "notifications_source_key" ON "notifications"  ("source_event_id") WHERE source_event_id IS NOT NULL`,
    ]) {
      await queryRunner.query(statement);
    }
  }
}
