import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose changes the triggers follow: each has an insert, an update and a delete trigger on one function. */
const FOLLOWED = [
  { table: 'professionals', trigger: 'professionals_counted', fn: 'catalog_professionals_changed' },
  { table: 'professional_professions', trigger: 'professional_professions_listed', fn: 'catalog_professions_changed' },
  { table: 'professional_listing', trigger: 'professional_listing_counted', fn: 'catalog_listing_changed' },
];

/** A statement-level trigger per event, each naming the transition tables its event has (added rows, removed rows). */
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

/**
 * The listing's common filters (one profession or none, a rating or none) answered by index ranges, with their totals
 * kept rather than counted:
 * - `professional_listing`: a professional's entry per profession, with the rating and name the listing sorts by, so a
 *   profession's page is a range of one index instead of a walk of the whole catalogue's sort index probing each
 *   professional's professions (about 900 probes for page 20 of one profession in twelve);
 * - `professional_counts`: how many professionals there are per (profession, rating), profession 0 standing for "any":
 *   a total is at most six rows, where `count(*)` read a fifth of the catalogue for `rating=4`.
 * Both are kept by triggers on `professionals` and `professional_professions`, in the writers' own transactions, so no
 * writer (the registration, the administrator's editor, the rating recomputation, the seed, a deleted account's
 * cascade) can forget them. Triggers work per statement, on the statement's transition tables (the 100,000-professional
 * seed adds each count once). Count updates take one transaction-scoped advisory lock first: two transactions adding
 * to the same counts in different orders would otherwise deadlock.
 */
export class ListingTotals1765100000000 implements MigrationInterface {
  name = 'ListingTotals1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Rating filter with the name sort: a range of one index (the rating and id sorts already have theirs).
    await queryRunner.query(`CREATE INDEX "professionals_rating_name_idx" ON "professionals" ("rating", "search_name" COLLATE "C", "id")`);
    await queryRunner.query(
      `CREATE INDEX "professionals_rating_name_desc_idx" ON "professionals" ("rating", "search_name" COLLATE "C" DESC, "id")`,
    );

    await queryRunner.query(`CREATE TABLE "professional_listing" (
      "profession_id" integer NOT NULL,
      "professional_id" integer NOT NULL,
      "rating" smallint NOT NULL,
      "search_name" character varying(161) NOT NULL,
      CONSTRAINT "professional_listing_pkey" PRIMARY KEY ("profession_id", "professional_id"))`);
    // One index per sort (each ends on the id, as every listing order does); the rating rides along the name sorts so
    // that a rating filter is checked in the index.
    await queryRunner.query(
      `CREATE INDEX "professional_listing_rating_idx" ON "professional_listing" ("profession_id", "rating", "professional_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "professional_listing_rating_desc_idx" ON "professional_listing" ("profession_id", "rating" DESC, "professional_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "professional_listing_name_idx" ON "professional_listing" ("profession_id", "search_name" COLLATE "C", "professional_id") INCLUDE ("rating")`,
    );
    await queryRunner.query(
      `CREATE INDEX "professional_listing_name_desc_idx" ON "professional_listing" ("profession_id", "search_name" COLLATE "C" DESC, "professional_id") INCLUDE ("rating")`,
    );
    // A professional's entries, found when its rating or name changes.
    await queryRunner.query(`CREATE INDEX "professional_listing_professional_idx" ON "professional_listing" ("professional_id")`);

    await queryRunner.query(`CREATE TABLE "professional_counts" (
      "profession_id" integer NOT NULL,
      "rating" smallint NOT NULL,
      "professionals" integer NOT NULL,
      CONSTRAINT "professional_counts_pkey" PRIMARY KEY ("profession_id", "rating"))`);

    // Adds the deltas to the counts (in key order, under the counts' lock). Arrays, because a function called from a
    // trigger does not see the trigger's transition tables. Nothing to add (NULL arrays) takes no lock.
    await queryRunner.query(`CREATE FUNCTION "catalog_add_counts"(profession_ids integer[], ratings smallint[], deltas integer[])
      RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF profession_ids IS NULL THEN RETURN; END IF;
        PERFORM pg_advisory_xact_lock(hashtext('professional_counts'));
        INSERT INTO professional_counts AS c (profession_id, rating, professionals)
        SELECT p, r, sum(d) FROM unnest(profession_ids, ratings, deltas) AS t(p, r, d) GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
        ON CONFLICT (profession_id, rating) DO UPDATE SET professionals = c.professionals + EXCLUDED.professionals;
      END $$`);

    // professionals: the "any profession" counts (profession 0), and the entries' copy of the rating and name.
    await queryRunner.query(`CREATE FUNCTION "catalog_professionals_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM catalog_add_counts(array_agg(0), array_agg(rating), array_agg(1)) FROM catalog_added;
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM catalog_add_counts(array_agg(0), array_agg(rating), array_agg(-1)) FROM catalog_removed;
        ELSE
          UPDATE professional_listing l SET rating = n.rating, search_name = n.search_name
          FROM catalog_added n JOIN catalog_removed o ON o.id = n.id
          WHERE l.professional_id = n.id AND (n.rating, n.search_name) IS DISTINCT FROM (o.rating, o.search_name);
          PERFORM catalog_add_counts(array_agg(0), array_agg(v.rating), array_agg(v.delta))
          FROM catalog_added n JOIN catalog_removed o ON o.id = n.id, LATERAL (VALUES (n.rating, 1), (o.rating, -1)) v(rating, delta)
          WHERE n.rating <> o.rating;
        END IF;
        RETURN NULL;
      END $$`);

    // professional_professions: an entry per row (with the professional's rating and name at that moment).
    await queryRunner.query(`CREATE FUNCTION "catalog_professions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          DELETE FROM professional_listing l USING catalog_removed o
          WHERE l.profession_id = o.profession_id AND l.professional_id = o.professional_id;
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          INSERT INTO professional_listing (profession_id, professional_id, rating, search_name)
          SELECT n.profession_id, n.professional_id, p.rating, p.search_name
          FROM catalog_added n JOIN professionals p ON p.id = n.professional_id;
        END IF;
        RETURN NULL;
      END $$`);

    // professional_listing: the per-profession counts.
    await queryRunner.query(`CREATE FUNCTION "catalog_listing_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM catalog_add_counts(array_agg(profession_id), array_agg(rating), array_agg(1)) FROM catalog_added;
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM catalog_add_counts(array_agg(profession_id), array_agg(rating), array_agg(-1)) FROM catalog_removed;
        ELSE
          -- Entries change their rating (or name) only: their keys stay (catalog_professions_changed deletes and inserts).
          PERFORM catalog_add_counts(array_agg(n.profession_id), array_agg(v.rating), array_agg(v.delta))
          FROM catalog_added n JOIN catalog_removed o USING (profession_id, professional_id),
               LATERAL (VALUES (n.rating, 1), (o.rating, -1)) v(rating, delta)
          WHERE n.rating <> o.rating;
        END IF;
        RETURN NULL;
      END $$`);

    for (const followed of FOLLOWED) for (const statement of statementTriggers(followed)) await queryRunner.query(statement);

    // What is there already: the entries, then the counts (the triggers count what is inserted from now on).
    await queryRunner.query(`INSERT INTO professional_listing (profession_id, professional_id, rating, search_name)
      SELECT pp.profession_id, pp.professional_id, p.rating, p.search_name
      FROM professional_professions pp JOIN professionals p ON p.id = pp.professional_id`);
    await queryRunner.query(`INSERT INTO professional_counts AS c (profession_id, rating, professionals)
      SELECT 0, rating, count(*) FROM professionals GROUP BY rating
      ON CONFLICT (profession_id, rating) DO UPDATE SET professionals = c.professionals + EXCLUDED.professionals`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const { table, trigger } of [...FOLLOWED].reverse())
      for (const event of ['delete', 'update', 'insert']) await queryRunner.query(`DROP TRIGGER "${trigger}_${event}" ON "${table}"`);
    await queryRunner.query(`DROP FUNCTION "catalog_listing_changed"()`);
    await queryRunner.query(`DROP FUNCTION "catalog_professions_changed"()`);
    await queryRunner.query(`DROP FUNCTION "catalog_professionals_changed"()`);
    await queryRunner.query(`DROP FUNCTION "catalog_add_counts"(integer[], smallint[], integer[])`);
    await queryRunner.query(`DROP TABLE "professional_counts"`);
    await queryRunner.query(`DROP TABLE "professional_listing"`);
    await queryRunner.query(`DROP INDEX "public"."professionals_rating_name_desc_idx"`);
    await queryRunner.query(`DROP INDEX "public"."professionals_rating_name_idx"`);
  }
}
