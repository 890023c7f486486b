import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The open order of a cart is found by `orders_open_cart_key` alone. `orders_status_idx` (status, created_at) also
 * matched `status = 'creada'`: when the statistics knew of no unpaid order (a quiet hour before the last ANALYZE),
 * the planner walked every unpaid order's entry filtering by cart, a cost growing with each checkout. The status index leaves
 * the unpaid orders out; those are few (each pays or expires within the payment window) and the partial key holds
 * them all, for the expiry sweep and the list of unpaid orders too.
 */
export class OpenOrderLookup1765000000000 implements MigrationInterface {
  name = 'OpenOrderLookup1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."orders_status_idx"`);
    await queryRunner.query(`CREATE INDEX "orders_status_idx" ON "orders" ("status", "created_at") WHERE status <> 'creada'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."orders_status_idx"`);
    await queryRunner.query(`CREATE INDEX "orders_status_idx" ON "orders" ("status", "created_at") `);
  }
}
