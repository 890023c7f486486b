import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose changes the near counts follow: a statement trigger per event, each naming its transition tables. */
const FOLLOWED = [
  { table: 'professionals', trigger: 'professionals_near_counted', fn: 'catalog_professionals_near_changed' },
  { table: 'professional_listing', trigger: 'professional_listing_near_counted', fn: 'catalog_listing_near_changed' },
];

function statementTriggers({ table, trigger, fn }: (typeof FOLLOWED)[number]): string[] {
  const events = [
    ['insert', 'NEW TABLE AS catalog_added'],
    ['update', 'OLD TABLE AS catalog_removed NEW TABLE AS catalog_added'],
    ['delete', 'OLD TABLE AS catalog_removed'],
  ];
  return events.map(
    ([event, tables]) =>
      `CREATE TRIGGER "${trigger}_${event}" AFTER ${event.toUpperCase()} ON "${table}"
       REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
  );
}

/** ListingTotals' entry writer, as it was, with the entry's coverage copied (up) or without it (down). */
function professionsChanged(withCoverage: boolean): string {
  const column = withCoverage ? ', area_locality_ids' : '';
  const value = withCoverage ? ', p.area_locality_ids' : '';
  return `CREATE OR REPLACE FUNCTION "catalog_professions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          DELETE FROM professional_listing l USING catalog_removed o
          WHERE l.profession_id = o.profession_id AND l.professional_id = o.professional_id;
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          INSERT INTO professional_listing (profession_id, professional_id, rating, search_name${column})
          SELECT n.profession_id, n.professional_id, p.rating, p.search_name${value}
          FROM catalog_added n JOIN professionals p ON p.id = n.professional_id;
        END IF;
        RETURN NULL;
      END $$`;
}

/** Whether a row's rating or coverage differs between its old (o) and new (n) versions. */
const CHANGED = `(n.rating, n.area_locality_ids) IS DISTINCT FROM (o.rating, o.area_locality_ids)`;

/**
 * "Cerca de" (`near`) answered by index and without counting.
 * - `professionals.area_locality_ids`: the localities a professional's area covers, kept by a trigger whenever the
 *   area changes: those whose distance to the base (km to one decimal, as the answers show it) is within the radius,
 *   plus the extra ones, minus the excluded ones; `{*}` for a professional without an area (listed everywhere). The
 *   one definition of coverage the listing's filter, its counts and its GIN index read. Its entries in
 *   `professional_listing` carry a copy (as they carry the rating), so a deleted account's cascade still finds what to
 *   subtract.
 * - `professional_near_counts`: how many professionals cover each locality per (locality, profession, rating),
 *   profession 0 meaning any and locality '*' those without an area: a total is at most twelve rows where counting
 *   read every professional within 100 km of a dense place (tens of thousands around Buenos Aires). Kept as
 *   ListingTotals keeps its counts: statement triggers on `professionals` (profession 0) and `professional_listing`
 *   (per profession), under the same transaction lock as `professional_counts` and in key order, so writers at once
 *   neither deadlock nor lose a count.
 * - The page by distance is a nearest-first scan of the bases' points (GiST) bounded to 100 km, plus the extras beyond
 *   (GIN); the other sorts walk their index checking the coverage.
 */
export class NearListing1765700003000 implements MigrationInterface {
  name = 'NearListing1765700003000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "professionals" ADD "area_locality_ids" character varying(10) array NOT NULL DEFAULT '{*}'`);
    await queryRunner.query(
      `ALTER TABLE "professional_listing" ADD "area_locality_ids" character varying(10) array NOT NULL DEFAULT '{*}'`,
    );
    await queryRunner.query(`CREATE INDEX "professionals_area_point_idx" ON "professionals" USING gist ("area_point")`);
    await queryRunner.query(`CREATE INDEX "professionals_area_localities_idx" ON "professionals" USING gin ("area_locality_ids")`);
    await queryRunner.query(
      `CREATE INDEX "professionals_area_extra_idx" ON "professionals" USING gin ("area_extra_locality_ids") WHERE "area_extra_locality_ids" <> '{}'`,
    );
    await queryRunner.query(`CREATE INDEX "professionals_without_area_idx" ON "professionals" ("id") WHERE "area_locality_id" IS NULL`);
    await queryRunner.query(
      `CREATE INDEX "professional_listing_without_area_idx" ON "professional_listing" ("profession_id", "professional_id") INCLUDE ("rating") WHERE "area_locality_ids" = '{*}'`,
    );

    await queryRunner.query(`CREATE TABLE "professional_near_counts" (
      "locality_id" character varying(10) NOT NULL,
      "profession_id" integer NOT NULL,
      "rating" smallint NOT NULL,
      "professionals" integer NOT NULL,
      CONSTRAINT "professional_near_counts_pkey" PRIMARY KEY ("locality_id", "profession_id", "rating"))`);

    // The localities an area covers, by id ('*' for no area): within the radius when the distance to one decimal is,
    // that is below radius + 50 m. Chords (cube_distance) first, cheap; the exact rounding only where a chord lands
    // within a metre of that edge. Half a kilometre of margin on the box.
    await queryRunner.query(`CREATE FUNCTION "catalog_area_localities"(base earth, radius_km smallint, extra character varying[], excluded character varying[])
      RETURNS character varying[] LANGUAGE plpgsql STABLE AS $$
      DECLARE
        -- Computed once per area, not per locality (earthdistance's SQL functions are not folded).
        reach cube := earth_box(base, radius_km * 1000 + 500);
        surely_inside float8 := gc_to_sec(radius_km * 1000 + 49);
        maybe_inside float8 := gc_to_sec(radius_km * 1000 + 51);
      BEGIN
        IF radius_km IS NULL OR base IS NULL THEN RETURN ARRAY['*']::character varying[]; END IF;
        RETURN ARRAY(
          SELECT c.id FROM (
            SELECT l.id FROM localities l
            WHERE reach @> l.point
              AND (cube_distance(base, l.point) < surely_inside
                   OR (cube_distance(base, l.point) < maybe_inside AND round((earth_distance(base, l.point) / 1000)::numeric, 1) <= radius_km))
            UNION
            SELECT unnest(extra)
          ) c
          WHERE NOT (c.id = ANY(excluded)) ORDER BY c.id);
      END $$`);
    // After professionals_area_point (triggers of an event run in name order), which sets the base's point.
    await queryRunner.query(`CREATE FUNCTION "professionals_area_reach"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.area_locality_ids := catalog_area_localities(NEW.area_point, NEW.area_radius_km, NEW.area_extra_locality_ids, NEW.area_excluded_locality_ids);
        RETURN NEW;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "professionals_area_reach" BEFORE INSERT OR UPDATE OF area_locality_id, area_radius_km, area_extra_locality_ids, area_excluded_locality_ids
       ON "professionals" FOR EACH ROW EXECUTE FUNCTION professionals_area_reach()`,
    );

    await queryRunner.query(`CREATE FUNCTION "catalog_add_near_counts"(locality_ids character varying[], profession_ids integer[], ratings smallint[], deltas integer[])
      RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        -- A bulk load (the seed) counts once at its end instead (catalog_recount_near).
        IF locality_ids IS NULL OR current_setting('oficios.near_counts_deferred', true) = 'on' THEN RETURN; END IF;
        -- professional_counts' lock: one writer of the counts at a time, whichever counts it touches.
        PERFORM pg_advisory_xact_lock(hashtext('professional_counts'));
        INSERT INTO professional_near_counts AS c (locality_id, profession_id, rating, professionals)
        SELECT l, p, r, sum(d) FROM unnest(locality_ids, profession_ids, ratings, deltas) AS t(l, p, r, d)
        GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
        ON CONFLICT (locality_id, profession_id, rating) DO UPDATE SET professionals = c.professionals + EXCLUDED.professionals;
      END $$`);

    // professionals: the "any profession" counts, and the entries' copy of the coverage.
    await queryRunner.query(`CREATE FUNCTION "catalog_professionals_near_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM catalog_add_near_counts(array_agg(c.id), array_agg(0), array_agg(n.rating), array_agg(1))
          FROM catalog_added n, unnest(n.area_locality_ids) AS c(id);
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM catalog_add_near_counts(array_agg(c.id), array_agg(0), array_agg(o.rating), array_agg(-1))
          FROM catalog_removed o, unnest(o.area_locality_ids) AS c(id);
        ELSE
          UPDATE professional_listing l SET area_locality_ids = n.area_locality_ids
          FROM catalog_added n JOIN catalog_removed o ON o.id = n.id
          WHERE l.professional_id = n.id AND n.area_locality_ids IS DISTINCT FROM o.area_locality_ids;
          PERFORM catalog_add_near_counts(array_agg(v.locality_id), array_agg(0), array_agg(v.rating), array_agg(v.delta))
          FROM (
            SELECT c.id AS locality_id, n.rating, 1 AS delta
            FROM catalog_added n JOIN catalog_removed o ON o.id = n.id, unnest(n.area_locality_ids) AS c(id) WHERE ${CHANGED}
            UNION ALL
            SELECT c.id, o.rating, -1
            FROM catalog_added n JOIN catalog_removed o ON o.id = n.id, unnest(o.area_locality_ids) AS c(id) WHERE ${CHANGED}
          ) v;
        END IF;
        RETURN NULL;
      END $$`);

    // professional_listing: the per-profession counts, from each entry's own rating and coverage.
    await queryRunner.query(`CREATE FUNCTION "catalog_listing_near_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM catalog_add_near_counts(array_agg(c.id), array_agg(n.profession_id), array_agg(n.rating), array_agg(1))
          FROM catalog_added n, unnest(n.area_locality_ids) AS c(id);
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM catalog_add_near_counts(array_agg(c.id), array_agg(o.profession_id), array_agg(o.rating), array_agg(-1))
          FROM catalog_removed o, unnest(o.area_locality_ids) AS c(id);
        ELSE
          PERFORM catalog_add_near_counts(array_agg(v.locality_id), array_agg(v.profession_id), array_agg(v.rating), array_agg(v.delta))
          FROM (
            SELECT c.id AS locality_id, n.profession_id, n.rating, 1 AS delta
            FROM catalog_added n JOIN catalog_removed o USING (profession_id, professional_id), unnest(n.area_locality_ids) AS c(id)
            WHERE ${CHANGED}
            UNION ALL
            SELECT c.id, o.profession_id, o.rating, -1
            FROM catalog_added n JOIN catalog_removed o USING (profession_id, professional_id), unnest(o.area_locality_ids) AS c(id)
            WHERE ${CHANGED}
          ) v;
        END IF;
        RETURN NULL;
      END $$`);

    // What is there already: each area's coverage and its entries' copies, then the counts (the triggers count what
    // changes from now on).
    await queryRunner.query(`UPDATE professionals SET area_locality_ids =
      catalog_area_localities(area_point, area_radius_km, area_extra_locality_ids, area_excluded_locality_ids) WHERE area_radius_km IS NOT NULL`);
    await queryRunner.query(`UPDATE professional_listing l SET area_locality_ids = p.area_locality_ids
      FROM professionals p WHERE p.id = l.professional_id AND p.area_radius_km IS NOT NULL`);
    // Every count again from the kept coverage: after a bulk load that deferred them (the seed), and now.
    await queryRunner.query(`CREATE FUNCTION "catalog_recount_near"() RETURNS void LANGUAGE sql AS $$
      SELECT pg_advisory_xact_lock(hashtext('professional_counts'));
      DELETE FROM professional_near_counts;
      INSERT INTO professional_near_counts (locality_id, profession_id, rating, professionals)
      SELECT c.id, 0, p.rating, count(*) FROM professionals p, unnest(p.area_locality_ids) AS c(id) GROUP BY 1, 3
      UNION ALL
      SELECT c.id, l.profession_id, l.rating, count(*) FROM professional_listing l, unnest(l.area_locality_ids) AS c(id) GROUP BY 1, 2, 3;
    $$`);
    await queryRunner.query(`SELECT catalog_recount_near()`);

    await queryRunner.query(professionsChanged(true));
    for (const followed of FOLLOWED) for (const statement of statementTriggers(followed)) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const { table, trigger } of [...FOLLOWED].reverse())
      for (const event of ['delete', 'update', 'insert']) await queryRunner.query(`DROP TRIGGER "${trigger}_${event}" ON "${table}"`);
    await queryRunner.query(professionsChanged(false));
    await queryRunner.query(`DROP FUNCTION "catalog_listing_near_changed"()`);
    await queryRunner.query(`DROP FUNCTION "catalog_professionals_near_changed"()`);
    await queryRunner.query(`DROP FUNCTION "catalog_recount_near"()`);
    await queryRunner.query(`DROP FUNCTION "catalog_add_near_counts"(character varying[], integer[], smallint[], integer[])`);
    await queryRunner.query(`DROP TRIGGER "professionals_area_reach" ON "professionals"`);
    await queryRunner.query(`DROP FUNCTION "professionals_area_reach"()`);
    await queryRunner.query(`DROP FUNCTION "catalog_area_localities"(earth, smallint, character varying[], character varying[])`);
    await queryRunner.query(`DROP TABLE "professional_near_counts"`);
    await queryRunner.query(`DROP INDEX "public"."professional_listing_without_area_idx"`);
    await queryRunner.query(`DROP INDEX "public"."professionals_without_area_idx"`);
    await queryRunner.query(`DROP INDEX "public"."professionals_area_extra_idx"`);
    await queryRunner.query(`DROP INDEX "public"."professionals_area_localities_idx"`);
    await queryRunner.query(`DROP INDEX "public"."professionals_area_point_idx"`);
    await queryRunner.query(`ALTER TABLE "professional_listing" DROP COLUMN "area_locality_ids"`);
    await queryRunner.query(`ALTER TABLE "professionals" DROP COLUMN "area_locality_ids"`);
  }
}
