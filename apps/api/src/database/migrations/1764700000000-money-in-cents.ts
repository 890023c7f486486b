import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every money column: table, pesos column (numeric, two decimals), its precision, and the cents column it becomes. */
const MONEY_COLUMNS: [table: string, pesos: string, precision: string, cents: string][] = [
  ['professionals', 'day_price', '10,2', 'day_price_cents'],
  ['orders', 'amount', '12,2', 'amount_cents'],
  ['order_details', 'reservation_amount', '12,2', 'reservation_amount_cents'],
  ['payments', 'amount', '12,2', 'amount_cents'],
];

/**
 * Money in integer cents: each numeric(…,2) pesos column becomes a bigint cents column (bigint: an order of many days
 * may pass int's 21 million pesos). ROUND(x * 100) is exact on two-decimal numerics, so nothing is lost either way.
 */
export class MoneyInCents1764700000000 implements MigrationInterface {
  name = 'MoneyInCents1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "professionals" DROP CONSTRAINT "professionals_day_price_positive"`);
    await queryRunner.query(`ALTER TABLE "professionals" ALTER COLUMN "day_price" DROP DEFAULT`);
    for (const [table, pesos, , cents] of MONEY_COLUMNS) {
      await queryRunner.query(`ALTER TABLE "${table}" RENAME COLUMN "${pesos}" TO "${cents}"`);
      await queryRunner.query(`ALTER TABLE "${table}" ALTER COLUMN "${cents}" TYPE bigint USING ROUND("${cents}" * 100)::bigint`);
    }
    await queryRunner.query(`ALTER TABLE "professionals" ALTER COLUMN "day_price_cents" SET DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "professionals" ADD CONSTRAINT "professionals_day_price_positive" CHECK (day_price_cents >= 0)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "professionals" DROP CONSTRAINT "professionals_day_price_positive"`);
    await queryRunner.query(`ALTER TABLE "professionals" ALTER COLUMN "day_price_cents" DROP DEFAULT`);
    for (const [table, pesos, precision, cents] of MONEY_COLUMNS) {
      await queryRunner.query(`ALTER TABLE "${table}" ALTER COLUMN "${cents}" TYPE numeric(${precision}) USING "${cents}" / 100.0`);
      await queryRunner.query(`ALTER TABLE "${table}" RENAME COLUMN "${cents}" TO "${pesos}"`);
    }
    await queryRunner.query(`ALTER TABLE "professionals" ALTER COLUMN "day_price" SET DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "professionals" ADD CONSTRAINT "professionals_day_price_positive" CHECK (day_price >= 0)`);
  }
}
