import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

/** A redis-server of the suite's own, so a test can stop and start it without disturbing other suites. */
export interface DedicatedRedis {
  /** redis://127.0.0.1:PORT; stays the same across stop()/start(). */
  url: string;
  port: number;
  /** Whether a server process is currently up. */
  readonly running: boolean;
  /**
   * Stops the server (SIGTERM, then SIGKILL after `graceMs`) and waits for the process to exit. Persistence is off,
   * so its data is lost: fine for the app, whose outbox lives in Postgres.
   */
  stop(options?: { signal?: NodeJS.Signals; graceMs?: number }): Promise<void>;
  /** Starts it again on the same port and waits until it answers PING. */
  start(): Promise<void>;
  /** Final stop; also removes the working directory. Safe to call twice. */
  close(): Promise<void>;
}

const READY_TIMEOUT_MS = 10_000;
const POLL_MS = 25;

/** Spawns `redis-server` (from PATH) on a free 127.0.0.1 port and resolves once it answers PING; `args` are more of its options. */
export async function startRedisServer(args: string[] = []): Promise<DedicatedRedis> {
  // redis-server writes nothing with persistence off, but give it a throwaway dir rather than the repo as cwd.
  const dir = mkdtempSync(join(tmpdir(), 'oficios-redis-'));
  let port = 0;
  let child: ChildProcess | null = null;
  // A second chance at another port: the one freePort() picked may be taken before redis-server binds it.
  for (let attempt = 1; child === null; attempt++) {
    port = await freePort();
    try {
      child = await launch(port, dir, args);
    } catch (error) {
      if (attempt >= 3) {
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }

  // Jest may end the worker without afterAll (timeouts, crashes): never leave a redis-server behind.
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);

  const redis: DedicatedRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    get running() {
      return child !== null;
    },
    async stop({ signal = 'SIGTERM', graceMs = 5_000 } = {}) {
      const current = child;
      if (!current) return;
      child = null;
      await terminate(current, signal, graceMs);
    },
    async start() {
      if (child) return;
      // Same port on purpose: clients keep their configured URL and reconnect on their own.
      child = await launch(port, dir, args);
    },
    async close() {
      await redis.stop();
      process.removeListener('exit', killOnExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return redis;
}

async function launch(port: number, dir: string, args: string[]): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--save', '', '--appendonly', 'no', '--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--loglevel', 'warning', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited: string | null = null;
  child.once('error', (error) => (exited = error.message));
  child.once('exit', (code, signal) => (exited ??= `exited with ${signal ?? `code ${code}`}`));

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await answersPing(port))) {
    // A bind failure (port taken) makes redis-server exit at once: report it instead of waiting for the deadline.
    if (exited !== null || Date.now() > deadline) {
      if (exited === null) await terminate(child, 'SIGKILL', 0);
      throw new Error(`redis-server on port ${port} did not start (${exited ?? 'no PONG in time'}): ${output.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return child;
}

/** One PING over a raw socket: no client library retry logic blurring "up" and "down". */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      // "-LOADING" or similar means up but not ready yet: keep polling.
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

function terminate(child: ChildProcess, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const escalate = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(escalate);
      resolve();
    });
    child.kill(signal);
  });
}
