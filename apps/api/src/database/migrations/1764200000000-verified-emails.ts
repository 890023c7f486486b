import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Verified e-mails (a Google identity is linked only to an account whose e-mail is verified) and mail links issued
 * by jobs: each link row remembers the event whose job issued it, so a retried job issues that row again.
 */
export class VerifiedEmails1764200000000 implements MigrationInterface {
  name = 'VerifiedEmails1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `ALTER TABLE "users" ADD "email_verified_at" TIMESTAMP WITH TIME ZONE`,
      // Accounts registered through Google had their e-mail confirmed by Google.
      `UPDATE "users" SET "email_verified_at" = "created_at" WHERE "password_hash" IS NULL AND "auth_id" IS NOT NULL`,
      `CREATE TABLE "email_verification_tokens" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "email" character varying(254) NOT NULL, "token_hash" character varying(128) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "event_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_417a095bbed21c2369a6a01ab9a" PRIMARY KEY ("id"))`,
      `CREATE INDEX "email_verification_tokens_user_idx" ON "email_verification_tokens"  ("user_id") `,
      `CREATE UNIQUE INDEX "email_verification_tokens_hash_key" ON "email_verification_tokens"  ("token_hash") `,
      `CREATE UNIQUE INDEX "email_verification_tokens_event_key" ON "email_verification_tokens"  ("event_id") `,
      `ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "FK_fdcb77f72f529bf65c95d72a147" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      `ALTER TABLE "password_reset_tokens" ADD "event_id" uuid`,
      `CREATE UNIQUE INDEX "password_reset_tokens_event_key" ON "password_reset_tokens"  ("event_id") `,
      // "Verified" speaks of the current address: whichever statement changes the e-mail (the administrator's editor
      // included) leaves it unverified, unless that same statement sets the verification itself.
      `CREATE FUNCTION "unverify_changed_email"() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW."email_verified_at" IS NOT DISTINCT FROM OLD."email_verified_at" THEN NEW."email_verified_at" := NULL; END IF;
          RETURN NEW;
        END $$`,
      `CREATE TRIGGER "users_email_change_unverifies" BEFORE UPDATE OF "email" ON "users"
        FOR EACH ROW WHEN (OLD."email" IS DISTINCT FROM NEW."email") EXECUTE FUNCTION "unverify_changed_email"()`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "users_email_change_unverifies" ON "users"`);
    await queryRunner.query(`DROP FUNCTION "unverify_changed_email"()`);
    await queryRunner.query(`DROP INDEX "password_reset_tokens_event_key"`);
    await queryRunner.query(`ALTER TABLE "password_reset_tokens" DROP COLUMN "event_id"`);
    await queryRunner.query(`DROP TABLE "email_verification_tokens"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "email_verified_at"`);
  }
}
