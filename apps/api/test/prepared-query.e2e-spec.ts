import { QueryFailedError, type EntityManager } from 'typeorm';
import { listParameter, preparedQuery } from '../src/database/prepared-query';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/** The hot paths' prepared statements (database/prepared-query.ts) on a real Postgres. */
describe('preparedQuery', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    await db.dataSource.query(`CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL)`);
  });
  afterAll(() => db?.drop());

  /** The prepared statements of the transaction's connection, with how often each was planned. */
  const preparedOn = (tx: EntityManager): Promise<{ statement: string; generic: number; custom: number }[]> =>
    tx.query(`SELECT statement, generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements`);

  const insert = `INSERT INTO things (id, name) VALUES ($1, $2) RETURNING id, name`;

  it('answers the rows, outside a transaction and inside one, with the statement prepared once per connection', async () => {
    const manager = db.dataSource.manager;
    expect(await preparedQuery(manager, insert, [1, 'uno'])).toEqual([{ id: 1, name: 'uno' }]);
    await db.dataSource.transaction(async (tx) => {
      expect(await preparedQuery(tx, insert, [2, 'dos'])).toEqual([{ id: 2, name: 'dos' }]);
      // The same text again on the transaction's connection: the prepared statement is reused.
      expect(await preparedQuery(tx, insert, [3, 'tres'])).toEqual([{ id: 3, name: 'tres' }]);
      const prepared = await preparedOn(tx);
      expect(prepared.filter((row) => row.statement === insert)).toHaveLength(1);
    });
    // An UPDATE ... RETURNING answers its rows too (manager.query would answer [rows, count]).
    expect(
      await preparedQuery(manager, `UPDATE things SET name = upper(name) WHERE id = ANY($1::int[]) RETURNING id, name`, [[1, 2]]),
    ).toEqual(
      expect.arrayContaining([
        { id: 1, name: 'UNO' },
        { id: 2, name: 'DOS' },
      ]),
    );
  });

  it('fails as manager.query does: a QueryFailedError naming the constraint, and the transaction rolls back', async () => {
    const failure = await db.dataSource
      .transaction(async (tx) => {
        await preparedQuery(tx, insert, [10, 'diez']);
        await preparedQuery(tx, insert, [1, 'otra vez uno']);
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect((failure as QueryFailedError & { driverError: { constraint?: string } }).driverError.constraint).toBe('things_pkey');
    expect(await db.dataSource.query(`SELECT id FROM things WHERE id = 10`)).toEqual([]);
  });

  it('keeps the generic plan of a statement over a short list of ids (listParameter), not of one over an id array', async () => {
    await db.dataSource.query(
      `CREATE TABLE people (id int PRIMARY KEY, name text NOT NULL);
       INSERT INTO people SELECT i, 'persona ' || i FROM generate_series(1, 20000) AS i;
       ANALYZE people`,
    );
    // Every call on one connection (a transaction's), so one prepared statement counts its plans.
    const plansOf = async (sqlOf: (ids: number[]) => { sql: string; values: unknown[] }) =>
      db.dataSource.transaction(async (tx) => {
        let text = '';
        for (let call = 0; call < 8; call += 1) {
          const list = sqlOf([call + 1, call + 100]);
          text = `SELECT id, name FROM people WHERE id = ANY(${list.sql}) ORDER BY id`;
          expect(await preparedQuery(tx, text, list.values)).toEqual([
            { id: call + 1, name: `persona ${call + 1}` },
            { id: call + 100, name: `persona ${call + 100}` },
          ]);
        }
        const { generic, custom } = (await preparedOn(tx)).find((prepared) => prepared.statement === text)!;
        return { generic, custom };
      });
    // Postgres plans a statement for its values 5 times, then keeps the generic plan if it looks no dearer.
    expect(await plansOf((ids) => listParameter(ids, 1, 'int'))).toEqual({ generic: 3, custom: 5 });
    expect(await plansOf((ids) => ({ sql: '$1::int[]', values: [ids] }))).toEqual({ generic: 0, custom: 8 });
    expect(listParameter([1, 2], 3, 'int')).toEqual({ sql: 'ARRAY[$3::int, $4::int]', values: [1, 2] });
    const long = Array.from({ length: 17 }, (_, i) => i);
    expect(listParameter(long, 1, 'int')).toEqual({ sql: '$1::int[]', values: [long] });
    expect(listParameter([], 2, 'int')).toEqual({ sql: '$2::int[]', values: [[]] });
  });
});
