import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `calendar_refuse_hold(state, professional, date)`: raises the error that refuses a hold (SQLSTATE OFH01, the reason
 * and the date as JSON in its detail). The statement that holds a checkout's dates calls it when a date is blocked or
 * held: the refusal then aborts the transaction by itself, so the holds can be written together with the COMMIT
 * instead of the checkout waiting for their answer before it commits (one round trip less).
 */
export class HoldRefusals1765300000000 implements MigrationInterface {
  name = 'HoldRefusals1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION "calendar_refuse_hold"(state text, professional_id integer, date date)
      RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
        BEGIN
          RAISE EXCEPTION USING
            ERRCODE = 'OFH01',
            MESSAGE = 'hold_refused',
            DETAIL = json_build_object('state', state, 'professionalId', professional_id, 'date', date::text)::text;
        END
      $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION "calendar_refuse_hold"(text, integer, date)`);
  }
}
