import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A booking's dates can be cancelled one by one: the booking keeps the dates still on in `dates` and the cancelled ones
 * in `cancelled_dates` (so each date's share of what was paid never changes), and each request is a row of
 * `booking_date_cancellations` with the one refund it asked for.
 */
export class DateCancellations1765600000300 implements MigrationInterface {
  name = 'DateCancellations1765600000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bookings" ADD "cancelled_dates" date array NOT NULL DEFAULT '{}'`);
    await queryRunner.query(
      `CREATE TABLE "booking_date_cancellations" ("id" SERIAL NOT NULL, "line_id" integer NOT NULL, "dates" date array NOT NULL,
        "actor" character varying(20) NOT NULL, "actor_id" integer, "refund_cents" bigint NOT NULL, "refund_key" character varying(64),
        "refund_settled_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_5ee130182f4ff2e6e418943d5ca" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "booking_date_cancellations_line_idx" ON "booking_date_cancellations" ("line_id")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "booking_date_cancellations_refund_key" ON "booking_date_cancellations" ("refund_key") WHERE refund_key IS NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "booking_date_cancellations" ADD CONSTRAINT "FK_af21c237742f4bfe906e71c81aa" FOREIGN KEY ("line_id")
        REFERENCES "bookings"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "booking_date_cancellations"`);
    await queryRunner.query(`ALTER TABLE "bookings" DROP COLUMN "cancelled_dates"`);
  }
}
