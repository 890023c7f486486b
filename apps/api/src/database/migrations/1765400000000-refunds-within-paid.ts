import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A booking's refunds never add up to more than was paid for it: every refund asked for a line and not failed counts
 * (one still awaiting the provider is money on its way back). Checked by the database on every write of
 * `line_refunds`, with the line's row locked first, so refunds of one booking asked at the same time take turns and
 * the later one sees the earlier.
 */
export class RefundsWithinPaid1765400000000 implements MigrationInterface {
  name = 'RefundsWithinPaid1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION "line_refunds_within_paid"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        paid bigint;
        asked bigint;
      BEGIN
        IF NEW.status = 'failed' THEN
          RETURN NEW;
        END IF;
        SELECT reservation_amount_cents INTO paid FROM order_details WHERE id = NEW.line_id FOR UPDATE;
        SELECT COALESCE(sum(amount_cents), 0) INTO asked FROM line_refunds
          WHERE line_id = NEW.line_id AND status <> 'failed' AND id <> NEW.id;
        IF asked + NEW.amount_cents > paid THEN
          RAISE EXCEPTION USING
            ERRCODE = 'check_violation',
            CONSTRAINT = 'line_refunds_within_paid',
            MESSAGE = format('line_refunds_within_paid: el reembolso de %s centavos de la reserva %s supera lo que queda de ella (%s de %s)',
              NEW.amount_cents, NEW.line_id, paid - asked, paid);
        END IF;
        RETURN NEW;
      END
    $$`);
    await queryRunner.query(`CREATE TRIGGER "line_refunds_within_paid" BEFORE INSERT OR UPDATE OF line_id, amount_cents, status
      ON "line_refunds" FOR EACH ROW EXECUTE FUNCTION "line_refunds_within_paid"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "line_refunds_within_paid" ON "line_refunds"`);
    await queryRunner.query(`DROP FUNCTION "line_refunds_within_paid"()`);
  }
}
