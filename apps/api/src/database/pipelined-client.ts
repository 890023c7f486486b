import { Client, type ClientConfig } from 'pg';

/** TypeORM's first statement of every transaction (PostgresQueryRunner.startTransaction). */
const BEGIN = 'START TRANSACTION';

/** What this file needs of node-pg's client internals: the socket its messages are written to. */
interface WithSocket {
  connection: { stream: { cork(): void; uncork(): void } };
}

/**
 * node-pg's client in pipeline mode (pg 8.21+), with fewer round trips and fewer, fuller writes: a transaction
 * waits on Postgres once per statement, and each wait is a network round trip plus a turn of both event loops.
 *
 * - Pipelined: a query issued while another is on the wire goes out at once, not after the answer; answers come
 *   back in order. Queries issued together therefore cost one round trip instead of one each.
 * - `START TRANSACTION` is answered at once, without its round trip: it goes out in the same write as the next query
 *   (the transaction's first real statement), whose answer then also stands for it (a BEGIN that failed fails that
 *   query). A pooled connection is never inside a transaction when TypeORM begins one, so only a connection that
 *   is broken anyway can refuse the BEGIN, and then the query written behind it fails too.
 * - `writeTogether` and `writeWithNextQuery` put several queries' messages in one write (the socket is corked meanwhile).
 *
 * Queries that keep a portal open (cursors, `rows`) are refused in pipeline mode; nothing here uses them.
 */
export class PipelinedClient extends Client {
  /** The BEGIN written but not yet answered: the next query's answer waits for it. */
  private begun: Promise<unknown> | null = null;
  /** Corks the next query releases once its messages are written (the deferred BEGIN's, `writeWithNextQuery`'s). */
  private releasedByNextQuery = 0;
  /** Counts the holds taken, so that a turn's safety release does not release a later one. */
  private holds = 0;

  constructor(config?: string | ClientConfig) {
    super(typeof config === 'string' ? { connectionString: config, pipeline: true } : { ...config, pipeline: true });
  }

  // node-pg's query() has many overloads (callbacks, submittables); this passes them all through.
  override query(...args: unknown[]): never {
    const [config, values, callback] = args;
    if (config === BEGIN && values === undefined && callback === undefined) return this.deferBegin() as never;
    const begun = this.begun;
    this.begun = null;
    const answer = (super.query as (...a: unknown[]) => unknown)(...args);
    this.releaseCorks();
    // TypeORM asks for promises. A callback (pg-pool's) or a query object (preparedQuery's) after a BEGIN reports its own
    // answer, which comes after the BEGIN's and fails when it failed (the statement behind it fails too).
    if (begun && answer instanceof Promise) return Promise.all([begun, answer]).then(([, result]) => result) as never;
    return answer as never;
  }

  /** Writes the queries `send` issues (synchronously) in one packet; answers what `send` answers. */
  writeTogether<T>(send: () => T): T {
    const socket = this.socket();
    socket.cork();
    try {
      return send();
    } finally {
      socket.uncork();
    }
  }

  /**
   * Writes the queries `send` issues (synchronously) together with the next query issued after them: e.g. a
   * transaction's last statement with the COMMIT that follows. Answers what `send` answers.
   */
  writeWithNextQuery<T>(send: () => T): T {
    this.socket().cork();
    try {
      return send();
    } finally {
      this.releaseWithNextQuery();
    }
  }

  private deferBegin(): Promise<{ command: string; rowCount: null; rows: never[]; fields: never[] }> {
    this.socket().cork();
    const begun = (super.query as (text: string) => Promise<unknown>)(BEGIN);
    // Its failure is reported by the next query; until then nothing may call it unhandled.
    begun.catch(() => undefined);
    this.begun = begun;
    this.releaseWithNextQuery();
    return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });
  }

  /**
   * The cork just taken is released once the next query is written. A transaction always sends one (its work, COMMIT
   * or ROLLBACK); should none come in this turn of the event loop, what waits still goes out rather than stay corked.
   */
  private releaseWithNextQuery(): void {
    this.releasedByNextQuery += 1;
    const hold = ++this.holds;
    setImmediate(() => {
      if (this.holds === hold) this.releaseCorks();
    });
  }

  private socket(): WithSocket['connection']['stream'] {
    return (this as unknown as WithSocket).connection.stream;
  }

  private releaseCorks(): void {
    const socket = this.socket();
    for (; this.releasedByNextQuery > 0; this.releasedByNextQuery -= 1) socket.uncork();
  }
}
