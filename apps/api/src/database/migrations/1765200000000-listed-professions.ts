import type { MigrationInterface, QueryRunner } from 'typeorm';

/** professional_professions' triggers: one per event, each naming the transition tables its event has. */
const PROFESSIONS_OF_PROFESSIONALS = [
  ['insert', 'NEW TABLE AS catalog_added'],
  ['update', 'OLD TABLE AS catalog_removed NEW TABLE AS catalog_added'],
  ['delete', 'OLD TABLE AS catalog_removed'],
];

/**
 * A professional's professions as every answer shows them (`[{id, name}]`, by id) kept on its row
 * (`professionals.listed_professions`), instead of aggregated from `professional_professions` and `professions` per
 * professional on every read (8 per listing page, the listing's dearest part in Postgres), and the detail, the cart, the checkout's cards and the plain list did it too. Kept by triggers, as the listing's
 * entries are (migration ListingTotals): per statement on `professional_professions` (a profile's professions edited,
 * a profession deleted, by cascade, a deleted account's rows) and on `professions` (a renamed profession), in the
 * writers' own transactions. The app's writers lock the professional's row before changing its professions, so the
 * row the trigger updates is already theirs.
 */
export class ListedProfessions1765200000000 implements MigrationInterface {
  name = 'ListedProfessions1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "professionals" ADD "listed_professions" json NOT NULL DEFAULT '[]'`);

    // The given professionals' professions, written again from the source tables (in id order, so that writers
    // rewriting the same professionals lock them in one order). Rows already in step are not rewritten.
    await queryRunner.query(`CREATE FUNCTION "catalog_list_professions"(professional_ids integer[])
      RETURNS void LANGUAGE sql AS $$
        UPDATE professionals u SET listed_professions = l.professions
        FROM (
          SELECT t.id, COALESCE((
            SELECT json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY p.id)
            FROM professional_professions pp JOIN professions p ON p.id = pp.profession_id
            WHERE pp.professional_id = t.id), '[]'::json) AS professions
          FROM (SELECT DISTINCT unnest(professional_ids) AS id ORDER BY 1) t
        ) l
        WHERE u.id = l.id AND u.listed_professions::text IS DISTINCT FROM l.professions::text
      $$`);

    await queryRunner.query(`CREATE FUNCTION "catalog_professional_professions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM catalog_list_professions(array_agg(professional_id)) FROM catalog_added;
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM catalog_list_professions(array_agg(professional_id)) FROM catalog_removed;
        ELSE
          PERFORM catalog_list_professions(array_agg(professional_id))
          FROM (SELECT professional_id FROM catalog_added UNION SELECT professional_id FROM catalog_removed) changed;
        END IF;
        RETURN NULL;
      END $$`);
    for (const [event, tables] of PROFESSIONS_OF_PROFESSIONALS)
      await queryRunner.query(
        `CREATE TRIGGER "professional_professions_listed_on_${event}" AFTER ${event.toUpperCase()} ON "professional_professions"
         REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION catalog_professional_professions_changed()`,
      );

    // A renamed profession: every professional that has it.
    await queryRunner.query(`CREATE FUNCTION "catalog_profession_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM catalog_list_professions(array_agg(pp.professional_id))
        FROM catalog_added n JOIN catalog_removed o ON o.id = n.id
        JOIN professional_professions pp ON pp.profession_id = n.id
        WHERE n.name IS DISTINCT FROM o.name;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "professions_listed_on_update" AFTER UPDATE ON "professions"
       REFERENCING OLD TABLE AS catalog_removed NEW TABLE AS catalog_added FOR EACH STATEMENT EXECUTE FUNCTION catalog_profession_renamed()`,
    );

    // What is there already, written by the same function as every later change.
    await queryRunner.query(`SELECT catalog_list_professions(array_agg(id)) FROM professionals`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "professions_listed_on_update" ON "professions"`);
    for (const [event] of [...PROFESSIONS_OF_PROFESSIONALS].reverse())
      await queryRunner.query(`DROP TRIGGER "professional_professions_listed_on_${event}" ON "professional_professions"`);
    await queryRunner.query(`DROP FUNCTION "catalog_profession_renamed"()`);
    await queryRunner.query(`DROP FUNCTION "catalog_professional_professions_changed"()`);
    await queryRunner.query(`DROP FUNCTION "catalog_list_professions"(integer[])`);
    await queryRunner.query(`ALTER TABLE "professionals" DROP COLUMN "listed_professions"`);
  }
}
