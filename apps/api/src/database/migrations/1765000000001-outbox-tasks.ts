import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox also carries tasks a transaction schedules (an order's expiry, with the order): the task's job id (a
 * present job of that id wins) and when it is due (the relay delays the job until then). Events leave both null.
 */
export class OutboxTasks1765000000001 implements MigrationInterface {
  name = 'OutboxTasks1765000000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox_events" ADD "job_id" character varying(200)`);
    await queryRunner.query(`ALTER TABLE "outbox_events" ADD "run_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox_events" DROP COLUMN "run_at"`);
    await queryRunner.query(`ALTER TABLE "outbox_events" DROP COLUMN "job_id"`);
  }
}
