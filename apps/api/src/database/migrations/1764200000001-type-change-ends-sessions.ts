import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A change of a user's type (cliente, profesional, administrador) ends every session of that user, whichever code
 * or hand-written statement makes it: the sessions signed in as the old role are gone with it.
 */
export class TypeChangeEndsSessions1764200000001 implements MigrationInterface {
  name = 'TypeChangeEndsSessions1764200000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION "revoke_sessions_on_type_change"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "user_sessions" SET "revoked_at" = now() WHERE "user_id" = NEW."id" AND "revoked_at" IS NULL;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER "users_type_change_ends_sessions" AFTER UPDATE OF "type" ON "users"
      FOR EACH ROW WHEN (OLD."type" IS DISTINCT FROM NEW."type") EXECUTE FUNCTION "revoke_sessions_on_type_change"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "users_type_change_ends_sessions" ON "users"`);
    await queryRunner.query(`DROP FUNCTION "revoke_sessions_on_type_change"()`);
  }
}
