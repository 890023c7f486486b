import { QueryFailedError } from 'typeorm';
import { preparedQuery } from '../src/database/prepared-query';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/** The hot paths' prepared statements (database/prepared-query.ts) on a real Postgres. */
describe('preparedQuery', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    await db.dataSource.query(`CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL)`);
  });
  afterAll(() => db?.drop());

  const insert = `INSERT INTO things (id, name) VALUES ($1, $2) RETURNING id, name`;

  it('answers the rows, outside a transaction and inside one, with the statement prepared once per connection', async () => {
    const manager = db.dataSource.manager;
    expect(await preparedQuery(manager, insert, [1, 'uno'])).toEqual([{ id: 1, name: 'uno' }]);
    await db.dataSource.transaction(async (tx) => {
      expect(await preparedQuery(tx, insert, [2, 'dos'])).toEqual([{ id: 2, name: 'dos' }]);
      // The same text again on the transaction's connection: the prepared statement is reused.
      expect(await preparedQuery(tx, insert, [3, 'tres'])).toEqual([{ id: 3, name: 'tres' }]);
      const prepared: { statement: string }[] = await tx.query(`SELECT statement FROM pg_prepared_statements`);
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
});
