import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Old name → new name of each renamed object, applied in order by `up` and backwards by `down`. */
export const RENAMED_TABLES: [string, string][] = [
  ['order_details', 'bookings'],
  ['line_transitions', 'booking_transitions'],
  ['line_disputes', 'booking_disputes'],
  ['line_refunds', 'booking_refunds'],
];
const INDEXES: [string, string][] = [
  ['order_details_order_idx', 'bookings_order_idx'],
  ['order_details_client_idx', 'bookings_client_idx'],
  ['order_details_professional_idx', 'bookings_professional_idx'],
  ['line_transitions_line_idx', 'booking_transitions_line_idx'],
  ['line_disputes_line_key', 'booking_disputes_line_key'],
  ['line_disputes_status_idx', 'booking_disputes_status_idx'],
  ['line_refunds_line_cause_key', 'booking_refunds_line_cause_key'],
];
/** [table (new name), old constraint, new constraint] */
const CONSTRAINTS: [string, string, string][] = [
  ['bookings', 'FK_3ff3367344edec5de2355a562ee', 'bookings_order_fkey'],
  ['bookings', 'FK_f818db39b5f93cccdd1b01de84a', 'bookings_professional_fkey'],
  ['bookings', 'FK_d3d3e3d7a771c76d04fd9373ef2', 'bookings_client_fkey'],
  ['booking_transitions', 'line_transitions_actor_fkey', 'booking_transitions_actor_fkey'],
  ['booking_disputes', 'line_disputes_client_fkey', 'booking_disputes_client_fkey'],
  ['booking_disputes', 'line_disputes_resolver_fkey', 'booking_disputes_resolver_fkey'],
  ['booking_refunds', 'line_refunds_amount_positive', 'booking_refunds_amount_positive'],
  // The keys inside the module, under the names TypeORM gives them on the new tables.
  ['booking_transitions', 'FK_3091965fb106797cd67a53f881e', 'FK_3de433b05d2b566b3743eeed7a5'],
  ['booking_disputes', 'FK_f4a8a1db3c051779f902fb64ffe', 'FK_1faa57b2dac428df3636cfd4198'],
  ['booking_refunds', 'FK_03bed99ac8ae3de464ac52c0b0c', 'FK_35ddd1610fe6cf4215a53824f1e'],
];
const TYPES: [string, string][] = [
  ['line_status', 'booking_status'],
  ['line_refund_cause', 'booking_refund_cause'],
  ['line_refund_status', 'booking_refund_status'],
];
/** Outbox rows not yet sent keep their meaning under the new names (and the booking deadlines' new queue). */
const OUTBOX_TYPES: [string, string][] = [
  ['LineStatusChanged', 'BookingStatusChanged'],
  ['LineRefundRequested', 'BookingRefundRequested'],
  ['LineRefundSettled', 'BookingRefundSettled'],
  ['line-response-deadline', 'booking-response-deadline'],
  ['line-auto-done', 'booking-auto-done'],
];

/**
 * The booking gets one name in the schema too: `order_details` and its tables (`line_*`) become `bookings` and
 * `booking_*`, with their indexes, keys, sequences and types; every row and id is kept. The refunds' bound is
 * written again over the new names.
 */
export class BookingsModule1765500000000 implements MigrationInterface {
  name = 'BookingsModule1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.rename(queryRunner, (pair) => pair);
    await queryRunner.query(`DROP TRIGGER "line_refunds_within_paid" ON "booking_refunds"`);
    await queryRunner.query(`DROP FUNCTION "line_refunds_within_paid"()`);
    await queryRunner.query(refundsWithinPaid('booking_refunds_within_paid', 'bookings', 'booking_refunds'));
    await queryRunner.query(`CREATE TRIGGER "booking_refunds_within_paid" BEFORE INSERT OR UPDATE OF line_id, amount_cents, status
      ON "booking_refunds" FOR EACH ROW EXECUTE FUNCTION "booking_refunds_within_paid"()`);
    for (const [from, to] of OUTBOX_TYPES) await queryRunner.query(`UPDATE "outbox_events" SET "type" = $2 WHERE "type" = $1`, [from, to]);
    await queryRunner.query(
      `UPDATE "outbox_events" SET "unfinished_queues" = array_replace("unfinished_queues", 'payments', 'bookings')
       WHERE "type" IN ('booking-response-deadline', 'booking-auto-done', 'BookingRefundSettled')`,
    );
    await queryRunner.query(
      `UPDATE "outbox_events" SET "unfinished_queues" = array_replace("unfinished_queues", 'payments', 'orders') WHERE "type" = 'expire-order'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "outbox_events" SET "unfinished_queues" = array_replace("unfinished_queues", 'orders', 'payments') WHERE "type" = 'expire-order'`,
    );
    await queryRunner.query(
      `UPDATE "outbox_events" SET "unfinished_queues" = array_replace("unfinished_queues", 'bookings', 'payments')
       WHERE "type" IN ('booking-response-deadline', 'booking-auto-done', 'BookingRefundSettled')`,
    );
    for (const [from, to] of OUTBOX_TYPES) await queryRunner.query(`UPDATE "outbox_events" SET "type" = $1 WHERE "type" = $2`, [from, to]);
    await queryRunner.query(`DROP TRIGGER "booking_refunds_within_paid" ON "booking_refunds"`);
    await queryRunner.query(`DROP FUNCTION "booking_refunds_within_paid"()`);
    await this.rename(queryRunner, ([from, to]) => [to, from]);
    await queryRunner.query(refundsWithinPaid('line_refunds_within_paid', 'order_details', 'line_refunds'));
    await queryRunner.query(`CREATE TRIGGER "line_refunds_within_paid" BEFORE INSERT OR UPDATE OF line_id, amount_cents, status
      ON "line_refunds" FOR EACH ROW EXECUTE FUNCTION "line_refunds_within_paid"()`);
  }

  private async rename(queryRunner: QueryRunner, way: (pair: [string, string]) => [string, string]): Promise<void> {
    const up = way(['a', 'b'])[0] === 'a';
    const tables = new Map(RENAMED_TABLES.map((pair) => way(pair)));
    for (const [from, to] of tables) await queryRunner.query(`ALTER TABLE "${from}" RENAME TO "${to}"`);
    for (const [from, to] of tables) await queryRunner.query(`ALTER SEQUENCE "${from}_id_seq" RENAME TO "${to}_id_seq"`);
    for (const [from, to] of INDEXES.map(way)) await queryRunner.query(`ALTER INDEX "${from}" RENAME TO "${to}"`);
    for (const [table, ...pair] of CONSTRAINTS) {
      const [from, to] = way(pair as [string, string]);
      const name = up ? table : RENAMED_TABLES.find(([, renamed]) => renamed === table)![0];
      await queryRunner.query(`ALTER TABLE "${name}" RENAME CONSTRAINT "${from}" TO "${to}"`);
    }
    for (const [from, to] of TYPES.map(way)) await queryRunner.query(`ALTER TYPE "${from}" RENAME TO "${to}"`);
  }
}

/**
 * The refunds' bound (see RefundsWithinPaid1765400000000) over the given tables: a trigger function named `name`
 * refusing a write of `refunds` that takes its booking's refunds not failed past the booking's amount.
 */
export function refundsWithinPaid(name: string, bookings: string, refunds: string): string {
  return `CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        paid bigint;
        asked bigint;
      BEGIN
        IF NEW.line_id IS NULL OR NEW.status = 'failed' THEN
          RETURN NEW;
        END IF;
        SELECT reservation_amount_cents INTO paid FROM ${bookings} WHERE id = NEW.line_id FOR UPDATE;
        SELECT COALESCE(sum(amount_cents), 0) INTO asked FROM ${refunds}
          WHERE line_id = NEW.line_id AND status <> 'failed' AND id <> NEW.id;
        IF asked + NEW.amount_cents > paid THEN
          RAISE EXCEPTION USING
            ERRCODE = 'check_violation',
            CONSTRAINT = '${name}',
            MESSAGE = format('${name}: el reembolso de %s centavos de la reserva %s supera lo que queda de ella (%s de %s)',
              NEW.amount_cents, NEW.line_id, paid - asked, paid);
        END IF;
        RETURN NEW;
      END
    $$`;
}
