import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Sessions become rows that can be revoked (logout, password or e-mail change, "every device"). */
export class RevocableSessions1764000000000 implements MigrationInterface {
  name = 'RevocableSessions1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of [
      `CREATE TABLE "user_sessions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_e93e031a5fed190d4789b6bfd83" PRIMARY KEY ("id"))`,
      `CREATE INDEX "user_sessions_user_idx" ON "user_sessions"  ("user_id") `,
      `ALTER TABLE "user_sessions" ADD CONSTRAINT "FK_e9658e959c490b0a634dfc54783" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    ]) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Cookies signed before this migration name no session row: everyone signs in again.
    await queryRunner.query(`DROP TABLE "user_sessions"`);
  }
}
