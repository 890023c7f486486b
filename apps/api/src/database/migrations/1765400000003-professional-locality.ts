import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `professionals.locality`: where a professional works, as the public catalogue shows it instead of the street (the
 * contact is shown only to those entitled to it). Kept by the catalogue's writers from the address (the domain's
 * localityOf: what follows its last comma, trimmed; null without one); the rows already there get the same here, so
 * the public answers never read the contact columns.
 */
export class ProfessionalLocality1765400000003 implements MigrationInterface {
  name = 'ProfessionalLocality1765400000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "professionals" ADD "locality" character varying(200)`);
    await queryRunner.query(
      `UPDATE "professionals" SET "locality" = NULLIF(btrim(substring("address" FROM ',([^,]*)$'), E' \\t\\r\\n'), '')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "professionals" DROP COLUMN "locality"`);
  }
}
