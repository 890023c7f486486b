import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each event remembers the request id of what caused it, so the jobs it sets off log under the same id. */
export class OutboxRequestId1764600000000 implements MigrationInterface {
  name = 'OutboxRequestId1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox_events" ADD "request_id" character varying(100)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox_events" DROP COLUMN "request_id"`);
  }
}
