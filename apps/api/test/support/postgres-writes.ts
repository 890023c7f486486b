import { PipelinedClient } from '../../src/database/pipelined-client';

/** A write to a Postgres connection's socket, as the logs of withPostgresWrites show it among the statements. */
export const WRITE = '<write>';

type SocketWrite = (...args: unknown[]) => unknown;

/**
 * Calls `onWrite` on every write to the client's socket (one round trip's worth of statements: node-pg writes a
 * corked batch with `_writev`, a single message with `_write`). Answers what undoes it.
 */
export function onSocketWrites(client: PipelinedClient, onWrite: () => void): () => void {
  const socket = (client as unknown as { connection: { stream: Record<'_write' | '_writev', SocketWrite> } }).connection.stream;
  const originals = (['_write', '_writev'] as const).map((method) => {
    const original = socket[method];
    socket[method] = function (this: unknown, ...args: unknown[]) {
      onWrite();
      return original.apply(this, args);
    };
    return () => (socket[method] = original);
  });
  return () => originals.forEach((undo) => undo());
}

/**
 * Runs `act` with every Postgres connection's traffic logged: each query's text, and WRITE for each write to its
 * socket. Answers `act`'s result and one log per connection used.
 */
export async function withPostgresWrites<T>(act: () => Promise<T>): Promise<{ result: T; logs: string[][] }> {
  const logs = new Map<PipelinedClient, string[]>();
  const restore: (() => void)[] = [];
  const query = PipelinedClient.prototype.query;
  PipelinedClient.prototype.query = function (this: PipelinedClient, ...args: unknown[]) {
    let log = logs.get(this);
    if (!log) {
      const entries: string[] = (log = []);
      logs.set(this, entries);
      restore.push(onSocketWrites(this, () => entries.push(WRITE)));
    }
    const [config] = args as [string | { text?: string }];
    log.push((typeof config === 'string' ? config : (config?.text ?? '')).trim());
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    return { result: await act(), logs: [...logs.values()] };
  } finally {
    PipelinedClient.prototype.query = query;
    for (const undo of restore) undo();
  }
}
