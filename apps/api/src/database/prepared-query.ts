import { createHash } from 'node:crypto';
import { Client, Query, type QueryResult } from 'pg';
import { EntityManager, QueryFailedError } from 'typeorm';
import { PipelinedClient } from './pipelined-client';

/** What this helper needs of node-pg's client and pool: a query, answered with its rows (a pool's, as a promise). */
export interface PgQueryable {
  query(query: Query): unknown;
}

/** node-pg's Query as this file uses it: named after it is built, answered through its callback. */
type NamedQuery = Query & { name?: string; callback?: (error: Error | undefined, result: QueryResult) => void };

const names = new Map<string, string>();

/** One name per statement text (a connection refuses one name for two texts, so the name is the text's hash). */
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `oficios_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs one of the hot paths' fixed statements as a named prepared statement: each connection parses it once, then
 * only binds and executes it (Postgres keeps a generic plan once it is as good as the planned-per-call ones).
 * Inside a transaction it runs on the transaction's connection; otherwise on any of the pool's, or on the pool given
 * instead of the manager (the listing's own). Answers the rows (an UPDATE ... RETURNING too, unlike `manager.query`);
 * a failure is a TypeORM `QueryFailedError`, as `manager.query`'s. For statements whose text is fixed (the values
 * vary, never the SQL): one prepared statement per text and connection.
 */
export async function preparedQuery<T>(on: EntityManager | PgQueryable, text: string, values: readonly unknown[]): Promise<T[]> {
  // A transaction's connection is taken at once, not awaited: the query is then written before this call returns, so
  // queries issued one after another (writeTogether) go out in the order and the write they were issued in.
  const target = on instanceof EntityManager ? (transactionConnectionOf(on) ?? (await connectionOf(on))) : on;
  try {
    const result = await submitNamed(target, statementName(text), text, values);
    return result.rows as T[];
  } catch (error) {
    throw new QueryFailedError(text, values as unknown[], error as Error);
  }
}

/**
 * Sends a named statement as a Query built from its text, then named: given a config object ({name, text, values}),
 * node-pg first copies it through its property descriptors, far dearer than building the Query (test/bench/README.md).
 * A client answers through the query's callback; a pool (which takes a client, sends the query with its own callback
 * and releases the client) with a promise.
 */
function submitNamed(target: PgQueryable, name: string, text: string, values: readonly unknown[]): Promise<QueryResult> {
  const query = new Query(text, values as unknown[]) as NamedQuery;
  query.name = name;
  if (!(target instanceof Client)) return target.query(query) as Promise<QueryResult>;
  return new Promise((resolve, reject) => {
    query.callback = (error, result) => (error ? reject(error) : resolve(result));
    target.query(query);
  });
}

/** The manager's transaction connection, else its pool. */
async function connectionOf(manager: EntityManager): Promise<PgQueryable> {
  const runner = manager.queryRunner;
  return runner && !runner.isReleased
    ? ((await runner.connect()) as PgQueryable)
    : ((manager.connection.driver as unknown as { master: PgQueryable }).master as PgQueryable);
}

/** The connection of the manager's query runner when it already holds one (a transaction's, after its BEGIN). */
function transactionConnectionOf(manager: EntityManager): PgQueryable | undefined {
  const runner = manager.queryRunner as { isReleased: boolean; databaseConnection?: PgQueryable } | undefined;
  return runner && !runner.isReleased ? runner.databaseConnection : undefined;
}

/**
 * Issues the queries `send` starts on the transaction's connection in one write, pipelined: they cost one round trip
 * instead of one each, and run in the order issued. Each must write its query before its first `await` (preparedQuery
 * does): one issued later still runs, in its own write. Answers what `send` answers (typically a Promise.all).
 */
export function writeTogether<T>(manager: EntityManager, send: () => T): T {
  const connection = transactionConnectionOf(manager);
  return connection instanceof PipelinedClient ? connection.writeTogether(send) : send();
}

/**
 * Issues the queries `send` starts on the transaction's connection in the same write as the next query after them
 * (e.g. a transaction's last statement with its COMMIT). As writeTogether, each must write its query before its first
 * `await`.
 */
export function writeWithNextQuery<T>(manager: EntityManager, send: () => T): T {
  const connection = transactionConnectionOf(manager);
  return connection instanceof PipelinedClient ? connection.writeWithNextQuery(send) : send();
}

/** Lists longer than this go as one array parameter (one statement text per length stops being worth it). */
const MAX_LISTED = 16;

/**
 * A list of values for `= ANY(...)` in a prepared statement, written so that its generic plan is kept: up to 16 values
 * become `ARRAY[$n::type, ...]`, whose length the planner knows without the values. One `$n::type[]` parameter is
 * estimated at 10 elements, so for the usual 1–3 ids its generic plan looks dearer than a plan made for the values,
 * and Postgres then plans the statement again on every call (as much CPU as running it). The text depends on the
 * length only (one prepared statement per length); `first` is the number of its first parameter.
 */
export function listParameter<T>(values: readonly T[], first: number, type: string): { sql: string; values: unknown[] } {
  if (values.length === 0 || values.length > MAX_LISTED) return { sql: `$${first}::${type}[]`, values: [values] };
  return { sql: `ARRAY[${values.map((_, index) => `$${first + index}::${type}`).join(', ')}]`, values: [...values] };
}
