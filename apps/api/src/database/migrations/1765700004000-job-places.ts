import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where a job is.
 * - `carts.place_*`: the place the cart's job is at, once the client names one (until then the client's address
 *   stands for it): a locality and a street, both or neither.
 * - `orders.place_*`: the place as it was at checkout, a snapshot of the locality (no foreign key: it never changes).
 * - `bookings.distance_km`: how far the professional's base was from that place when booked (null: no area).
 */
export class JobPlaces1765700004000 implements MigrationInterface {
  name = 'JobPlaces1765700004000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "carts" ADD "place_locality_id" character varying(10), ADD "place_street" character varying(200),
         ADD CONSTRAINT "carts_place_locality_fkey" FOREIGN KEY ("place_locality_id") REFERENCES "localities"("id"),
         ADD CONSTRAINT "carts_place_whole" CHECK (("place_locality_id" IS NULL) = ("place_street" IS NULL))`,
    );
    await queryRunner.query(
      `ALTER TABLE "orders" ADD "place_locality_id" character varying(10), ADD "place_locality_name" character varying(120),
         ADD "place_department" character varying(120), ADD "place_province" character varying(80), ADD "place_street" character varying(200)`,
    );
    await queryRunner.query(`ALTER TABLE "bookings" ADD "distance_km" numeric(6,1)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bookings" DROP COLUMN "distance_km"`);
    await queryRunner.query(
      `ALTER TABLE "orders" DROP COLUMN "place_street", DROP COLUMN "place_province", DROP COLUMN "place_department", DROP COLUMN "place_locality_name", DROP COLUMN "place_locality_id"`,
    );
    await queryRunner.query(
      `ALTER TABLE "carts" DROP CONSTRAINT "carts_place_whole", DROP CONSTRAINT "carts_place_locality_fkey", DROP COLUMN "place_street", DROP COLUMN "place_locality_id"`,
    );
  }
}
