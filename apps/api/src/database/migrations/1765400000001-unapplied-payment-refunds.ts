import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A payment that could not pay its order (cancelled meanwhile, or paid already) is given back whole: a refund of the
 * payment itself, with no line (`cause` `not_applied`). A line refund always names its line.
 */
export class UnappliedPaymentRefunds1765400000001 implements MigrationInterface {
  name = 'UnappliedPaymentRefunds1765400000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TYPE "public"."payment_refund_cause" ADD VALUE IF NOT EXISTS 'not_applied'`);
    await queryRunner.query(`ALTER TABLE "payment_refunds" ALTER COLUMN "line_id" DROP NOT NULL`);
    // Compared as text: a value added to an enum cannot be named in the transaction that added it.
    await queryRunner.query(
      `ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_line_or_payment" CHECK ((line_id IS NULL) = (cause::text = 'not_applied'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "payment_refunds" WHERE line_id IS NULL`);
    await queryRunner.query(`ALTER TABLE "payment_refunds" DROP CONSTRAINT "payment_refunds_line_or_payment"`);
    await queryRunner.query(`ALTER TABLE "payment_refunds" ALTER COLUMN "line_id" SET NOT NULL`);
  }
}
