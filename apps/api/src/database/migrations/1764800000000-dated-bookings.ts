import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dated bookings: order lines get their dates and their own life cycle (backfilled from the order's spec
 * status), every line move is recorded, cart lines get dates, and the calendar module owns the holds (one live hold
 * per professional and date, by a partial unique index: the no-double-booking guarantee) and the blocked dates.
 * Carts saved with weekday names only keep them: checkout maps each to its next bookable date.
 */
export class DatedBookings1764800000000 implements MigrationInterface {
  name = 'DatedBookings1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TYPE "public"."line_status" AS ENUM('awaiting_payment', 'awaiting_professional', 'confirmed', 'done', 'declined', 'expired', 'cancelled_by_client', 'cancelled_by_admin', 'refunded')`,
    );
    await queryRunner.query(`ALTER TABLE "order_details" ADD "dates" date array NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`ALTER TABLE "order_details" ADD "line_status" "public"."line_status" NOT NULL DEFAULT 'awaiting_payment'`);
    await queryRunner.query(`ALTER TABLE "order_details" ADD "response_due_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "order_details" ADD "decline_reason" character varying(500)`);
    await queryRunner.query(`ALTER TABLE "order_details" ADD "refunded_cents" bigint NOT NULL DEFAULT '0'`);
    await queryRunner.query(
      `UPDATE "order_details" SET "line_status" = (CASE "status"
         WHEN 'creada' THEN 'awaiting_payment' WHEN 'procesando' THEN 'confirmed' WHEN 'completa' THEN 'done'
         ELSE 'cancelled_by_admin' END)::"public"."line_status"`,
    );
    await queryRunner.query(`ALTER TABLE "cart_details" ADD "dates" date array NOT NULL DEFAULT '{}'`);

    await queryRunner.query(
      `CREATE TABLE "line_transitions" ("id" SERIAL NOT NULL, "line_id" integer NOT NULL, "event" character varying(40) NOT NULL,
        "actor" character varying(20) NOT NULL, "actor_id" integer, "from_status" "public"."line_status" NOT NULL,
        "to_status" "public"."line_status" NOT NULL, "note" character varying(500),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_line_transitions" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "line_transitions_line_idx" ON "line_transitions" ("line_id", "created_at") `);
    await queryRunner.query(
      `ALTER TABLE "line_transitions" ADD CONSTRAINT "FK_3091965fb106797cd67a53f881e" FOREIGN KEY ("line_id") REFERENCES "order_details"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "line_transitions" ADD CONSTRAINT "line_transitions_actor_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );

    await queryRunner.query(
      `CREATE TABLE "booking_holds" ("id" SERIAL NOT NULL, "line_id" integer NOT NULL, "professional_id" integer NOT NULL,
        "date" date NOT NULL, "booked_at" TIMESTAMP WITH TIME ZONE, "released_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_booking_holds" PRIMARY KEY ("id"))`,
    );
    // The guarantee, and the availability read's index: a professional's live holds by date.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "booking_holds_live_key" ON "booking_holds" ("professional_id", "date") WHERE released_at IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX "booking_holds_line_idx" ON "booking_holds" ("line_id") `);
    await queryRunner.query(
      `ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_line_fkey" FOREIGN KEY ("line_id") REFERENCES "order_details"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_professional_fkey" FOREIGN KEY ("professional_id") REFERENCES "professionals"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );

    await queryRunner.query(
      `CREATE TABLE "blocked_dates" ("professional_id" integer NOT NULL, "date" date NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_blocked_dates" PRIMARY KEY ("professional_id", "date"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "blocked_dates" ADD CONSTRAINT "blocked_dates_professional_fkey" FOREIGN KEY ("professional_id") REFERENCES "professionals"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "blocked_dates"`);
    await queryRunner.query(`DROP TABLE "booking_holds"`);
    await queryRunner.query(`DROP TABLE "line_transitions"`);
    await queryRunner.query(`ALTER TABLE "cart_details" DROP COLUMN "dates"`);
    for (const column of ['refunded_cents', 'decline_reason', 'response_due_at', 'line_status', 'dates'])
      await queryRunner.query(`ALTER TABLE "order_details" DROP COLUMN "${column}"`);
    await queryRunner.query(`DROP TYPE "public"."line_status"`);
  }
}
