// Helpers shared by the start, test and e2e scripts: run commands, wait for services.
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';

export const root = new URL('..', import.meta.url).pathname;

/**
 * Node's flags for the API and worker processes, wherever they are started (npm start, the test stack, the benchmarks;
 * the Dockerfile sets the same in NODE_OPTIONS, and the `start` and `worker` package scripts spell them too). A larger
 * young generation (32 MB semi-spaces, twice the default): a request's short-lived objects die there instead of
 * being promoted, so old-space collections, whose pauses delayed every message in flight, come much less often.
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=32'];

/** Runs a command to completion, inheriting stdio; exits the script on failure. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options, env: { ...process.env, ...options.env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} falló (código ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

/** Starts a long-running process; its output is prefixed with a label. */
export function serve(label, command, args, env = {}, cwd = root) {
  // Own process group, so stop() ends the command and everything it started.
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stop = (signal = 'SIGTERM') => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  const prefix = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) out.write(`[${label}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return child;
}

/** The production web server of the SPA (apps/web/server/serve.mjs), run with node directly (npx would not pass signals on). */
export const webServer = `${root}apps/web/server/serve.mjs`;

/** Resolves once a TCP port accepts connections; rejects after the timeout. */
export async function waitForPort(host, port, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = net.connect({ host, port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${host}:${port} no responde tras ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Resolves once an HTTP URL answers 2xx. */
export async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} no responde tras ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Fails early, with the fix, when Postgres or Redis is not there. */
export async function checkServices(databaseUrl, redisUrl) {
  const db = new URL(databaseUrl);
  const redis = new URL(redisUrl);
  for (const [name, host, port, hint] of [
    ['PostgreSQL', db.hostname, Number(db.port || 5432), 'docker compose -f docker-compose.yml -f docker-compose.demo.yml up -d postgres'],
    ['Redis', redis.hostname, Number(redis.port || 6379), 'docker compose -f docker-compose.yml -f docker-compose.demo.yml up -d redis'],
  ]) {
    try {
      await waitForPort(host, port, 3000);
    } catch {
      console.error(`✖ ${name} no está disponible en ${host}:${port}. Inícielo (por ejemplo: ${hint}) o configure su URL.`);
      process.exit(1);
    }
  }
}

/**
 * Deletes the Redis keys under a prefix (a glob: `bench:*:123`): a run's queues, delayed jobs included, and its other
 * keys would otherwise outlive it. Answers how many went.
 */
export async function dropRedisKeys(redisUrl, prefix) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  let dropped = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) dropped += await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return dropped;
}
