import type { QueryRunner } from 'typeorm';
import { PipelinedClient } from '../src/database/pipelined-client';
import { preparedQuery, writeTogether, writeWithNextQuery } from '../src/database/prepared-query';
import { onSocketWrites } from './support/postgres-writes';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * The app's Postgres client (database/pipelined-client.ts) on a real Postgres: a transaction's BEGIN goes out with its
 * first statement, queries issued together share one write, and none of it changes what a transaction means.
 */
describe('PipelinedClient', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    // Rows 2 and 3 are there from the start: the reads written together read them, the failures insert them again.
    await db.dataSource.query(
      `CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL); INSERT INTO things VALUES (2, 'dos'), (3, 'tres')`,
    );
  });
  afterAll(() => db?.drop());

  /** Which of these ids the table holds (as committed), ascending. */
  const storedIds = (...ids: number[]) => db.dataSource.query(`SELECT id FROM things WHERE id = ANY($1::int[]) ORDER BY id`, [ids]);

  const insert = `INSERT INTO things (id, name) VALUES ($1, $2) RETURNING id`;
  const select = `SELECT name FROM things WHERE id = $1`;

  /** A query runner holding its connection, with the writes to that connection's socket counted from now on. */
  async function countedRunner(): Promise<{ runner: QueryRunner; writes: () => number }> {
    const runner = db.dataSource.createQueryRunner();
    const client = (await runner.connect()) as PipelinedClient;
    expect(client).toBeInstanceOf(PipelinedClient);
    let writes = 0;
    onSocketWrites(client, () => (writes += 1));
    return { runner, writes: () => writes };
  }

  it("writes a transaction's BEGIN with its first statement, which runs inside it", async () => {
    const { runner, writes } = await countedRunner();
    try {
      await runner.startTransaction();
      expect(writes()).toBe(0);
      expect(await preparedQuery(runner.manager, insert, [1, 'uno'])).toEqual([{ id: 1 }]);
      expect(writes()).toBe(1);
      expect(
        await runner.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = pg_backend_pid() AND xact_start IS NOT NULL`),
      ).toEqual([{ n: 1 }]);
      await runner.rollbackTransaction();
    } finally {
      await runner.release();
    }
    // Rolled back: the insert was inside the transaction, not before it.
    expect(await storedIds(1)).toEqual([]);
  });

  it('writes queries issued together (writeTogether) in one packet, answered in order', async () => {
    const { runner, writes } = await countedRunner();
    try {
      await runner.startTransaction();
      await preparedQuery(runner.manager, select, [2]);
      const before = writes();
      const [two, three] = await writeTogether(runner.manager, () =>
        Promise.all([preparedQuery(runner.manager, select, [2]), preparedQuery(runner.manager, select, [3])]),
      );
      expect(writes() - before).toBe(1);
      expect([two, three]).toEqual([[{ name: 'dos' }], [{ name: 'tres' }]]);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
  });

  it('writes a last statement with the COMMIT after it (writeWithNextQuery), and commits both', async () => {
    const { runner, writes } = await countedRunner();
    try {
      await runner.startTransaction();
      await preparedQuery(runner.manager, insert, [4, 'cuatro']);
      const before = writes();
      const last = writeWithNextQuery(runner.manager, () => preparedQuery(runner.manager, insert, [5, 'cinco']));
      expect(writes()).toBe(before);
      await runner.commitTransaction();
      expect(writes() - before).toBe(1);
      expect(await last).toEqual([{ id: 5 }]);
    } finally {
      await runner.release();
    }
    expect(await storedIds(4, 5)).toEqual([{ id: 4 }, { id: 5 }]);
  });

  it('fails the queries behind a failed one, rolls the transaction back and leaves the connection usable', async () => {
    const failure = await db.dataSource
      .transaction(async (tx) => {
        await preparedQuery(tx, insert, [6, 'seis']);
        await writeTogether(tx, () => Promise.all([preparedQuery(tx, insert, [2, 'otra vez dos']), preparedQuery(tx, select, [6])]));
      })
      .catch((error: Error) => error);
    expect(String(failure)).toMatch(/duplicate key|things_pkey/);
    expect(await storedIds(6)).toEqual([]);
    // A failed last statement sent with its COMMIT: the COMMIT rolls back, and the statement's error is reported.
    const runner = db.dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      await preparedQuery(runner.manager, insert, [7, 'siete']);
      const last = writeWithNextQuery(runner.manager, () => preparedQuery(runner.manager, insert, [3, 'otra vez tres']));
      last.catch(() => undefined);
      await runner.commitTransaction();
      await expect(last).rejects.toThrow(/duplicate key|things_pkey/);
    } finally {
      await runner.release();
    }
    expect(await storedIds(7)).toEqual([]);
    // Every pooled connection still answers.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => db.dataSource.query(`SELECT $1::int AS i`, [i])));
    expect(answers.map(([row]) => row.i)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });
});
