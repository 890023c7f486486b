import type { MigrationInterface, QueryRunner } from 'typeorm';
import { readGeorefLocalities } from '../../modules/localities/georef-import';

/**
 * Argentina's localities (Georef AR, apps/api/data) and where each professional works.
 * - `localities`: every locality that can be placed, with its centroid as an earthdistance `earth` point (GiST index);
 *   the records the import skipped stay listed with their reason in `locality_import_skips` (the migration's report).
 * - `professionals.area_*`: the service area, a base locality and a radius (both or neither) plus localities also
 *   covered and left out; `area_point` is the base's point, copied by a trigger so the catalogue's distance search
 *   reads one row (the column is stored, not an expression index: maintenance runs with an empty search_path, where
 *   earthdistance's functions cannot find cube's).
 * - `users.locality_id`: the locality of the account's address (where a client's jobs are, by default).
 */
export class Localities1765700000000 implements MigrationInterface {
  name = 'Localities1765700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS cube`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS earthdistance`);
    await queryRunner.query(
      `CREATE TABLE "localities" ("id" character varying(10) NOT NULL, "name" character varying(120) NOT NULL, "department" character varying(120) NOT NULL, "province" character varying(80) NOT NULL, "lat" double precision NOT NULL, "lon" double precision NOT NULL, "point" earth NOT NULL, CONSTRAINT "localities_pkey" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "localities_point_idx" ON "localities" USING gist ("point")`);
    await queryRunner.query(
      `CREATE TABLE "locality_import_skips" ("id" SERIAL NOT NULL, "name" character varying(120) NOT NULL, "province" character varying(80) NOT NULL, "reason" character varying(200) NOT NULL, CONSTRAINT "locality_import_skips_pkey" PRIMARY KEY ("id"))`,
    );
    const { localities, skipped } = readGeorefLocalities();
    await queryRunner.query(
      `INSERT INTO "localities" ("id", "name", "department", "province", "lat", "lon", "point")
       SELECT l.id, l.name, l.department, l.province, l.lat, l.lon, ll_to_earth(l.lat, l.lon)
       FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::float8[], $6::float8[])
         AS l(id, name, department, province, lat, lon)`,
      [
        localities.map((l) => l.id),
        localities.map((l) => l.name),
        localities.map((l) => l.department),
        localities.map((l) => l.province),
        localities.map((l) => l.lat),
        localities.map((l) => l.lon),
      ],
    );
    await queryRunner.query(
      `INSERT INTO "locality_import_skips" ("name", "province", "reason")
       SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::varchar[])`,
      [skipped.map((s) => s.name), skipped.map((s) => s.province), skipped.map((s) => s.reason)],
    );

    await queryRunner.query(
      `ALTER TABLE "professionals"
         ADD "area_locality_id" character varying(10),
         ADD "area_radius_km" smallint,
         ADD "area_extra_locality_ids" character varying(10) array NOT NULL DEFAULT '{}',
         ADD "area_excluded_locality_ids" character varying(10) array NOT NULL DEFAULT '{}',
         ADD "area_point" earth,
         ADD CONSTRAINT "professionals_area_locality_fkey" FOREIGN KEY ("area_locality_id") REFERENCES "localities"("id"),
         ADD CONSTRAINT "professionals_area_radius_range" CHECK ("area_radius_km" BETWEEN 1 AND 100),
         ADD CONSTRAINT "professionals_area_whole" CHECK (("area_locality_id" IS NULL) = ("area_radius_km" IS NULL))`,
    );
    await queryRunner.query(
      `ALTER TABLE "users" ADD "locality_id" character varying(10), ADD CONSTRAINT "users_locality_fkey" FOREIGN KEY ("locality_id") REFERENCES "localities"("id")`,
    );
    await queryRunner.query(`
      CREATE FUNCTION professionals_area_point() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.area_point := (SELECT l.point FROM localities l WHERE l.id = NEW.area_locality_id);
        RETURN NEW;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER professionals_area_point BEFORE INSERT OR UPDATE OF area_locality_id ON professionals
       FOR EACH ROW EXECUTE FUNCTION professionals_area_point()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER professionals_area_point ON professionals`);
    await queryRunner.query(`DROP FUNCTION professionals_area_point()`);
    await queryRunner.query(
      `ALTER TABLE "professionals" DROP CONSTRAINT "professionals_area_whole", DROP CONSTRAINT "professionals_area_radius_range", DROP CONSTRAINT "professionals_area_locality_fkey", DROP COLUMN "area_point", DROP COLUMN "area_excluded_locality_ids", DROP COLUMN "area_extra_locality_ids", DROP COLUMN "area_radius_km", DROP COLUMN "area_locality_id"`,
    );
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "users_locality_fkey", DROP COLUMN "locality_id"`);
    await queryRunner.query(`DROP TABLE "locality_import_skips"`);
    await queryRunner.query(`DROP TABLE "localities"`);
    await queryRunner.query(`DROP EXTENSION IF EXISTS earthdistance`);
    await queryRunner.query(`DROP EXTENSION IF EXISTS cube`);
  }
}
