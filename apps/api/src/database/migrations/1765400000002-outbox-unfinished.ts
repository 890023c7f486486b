import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An outbox row remembers which of its queues have not finished its job yet (`unfinished_queues`): a sent event is
 * not done until its jobs are, so a Redis that lost them (restarted without its data, flushed) is no reason to lose
 * them. The reconciler re-sends what stays unfinished. Rows written before this column are taken as finished.
 */
export class OutboxUnfinished1765400000002 implements MigrationInterface {
  name = 'OutboxUnfinished1765400000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox_events" ADD "unfinished_queues" character varying(40) array NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`CREATE INDEX "outbox_events_unfinished_idx" ON "outbox_events" ("sent_at") WHERE unfinished_queues <> '{}'`);
    await queryRunner.query(
      `CREATE INDEX "outbox_events_unfinished_job_idx" ON "outbox_events" ("job_id") WHERE job_id IS NOT NULL AND unfinished_queues <> '{}'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "outbox_events_unfinished_job_idx"`);
    await queryRunner.query(`DROP INDEX "outbox_events_unfinished_idx"`);
    await queryRunner.query(`ALTER TABLE "outbox_events" DROP COLUMN "unfinished_queues"`);
  }
}
