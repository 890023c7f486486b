// Helpers the benches share (environment knobs, a database client for one piece of work, percentiles, cookies, CPU
// accounting).
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { API_NODE_FLAGS, dropRedisKeys } from '../../scripts/lib.mjs';

/** The Postgres server the benches create their databases on, and the Redis they use. */
export const databaseServer = (process.env.BENCH_DATABASE_SERVER_URL || 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
export const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Node's arguments for a built API entry under test: the flags it runs with everywhere, then BENCH_API_NODE_ARGS (e.g. a profiler's). */
export function apiNodeArgs(entry) {
  return [...API_NODE_FLAGS, ...(process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean), entry];
}

export function positiveInteger(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`✖ ${name}=${raw} debe ser un entero positivo`);
    process.exit(1);
  }
  return value;
}

export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function percentile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** name=value of each Set-Cookie of a response, over the jar's older values. */
export function keepCookies(jar, response) {
  for (const cookie of response.headers.getSetCookie()) {
    const pair = cookie.split(';')[0];
    jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  }
  return jar;
}

// ---------------------------------------------------------------- CPU accounting (Linux; null elsewhere)

/** The machine's busy CPU ticks (all but idle and iowait) since boot. Linux: throws elsewhere. */
export function machineBusyTicks() {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return ticks.reduce((sum, value) => sum + value, 0) - ticks[3] - (ticks[4] ?? 0);
}

/** A process's user and system CPU ticks. */
export function processTicks(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]), system: Number(fields[12]) };
}

/** CPU ticks (user + system) of every process `counts(pid, command)` picks; one that ends meanwhile is skipped. */
export function ticksOfProcesses(counts) {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!counts(Number(entry), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')))) continue;
      const { user, system } = processTicks(entry);
      total += user + system;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** CPU ticks of the machine, of the API process (`apiPid`), of this process, of Postgres + Redis. */
export function cpuSnapshot(apiPid) {
  try {
    const busy = machineBusyTicks();
    // Postgres and Redis work for the bench too: counted apart from "others".
    const services = ticksOfProcesses((_pid, command) => command === 'postgres' || command.startsWith('redis-server'));
    const api = processTicks(apiPid);
    const bench = processTicks(process.pid);
    return { at: performance.now(), busy, api: api.user + api.system, apiSystem: api.system, bench: bench.user + bench.system, services };
  } catch {
    return null;
  }
}

/**
 * Percent of one core, between two snapshots: the API, this process, Postgres + Redis, everything else; and the API's
 * CPU time in ms (`apiMs`, of which `apiSystemMs` in the kernel).
 */
export function cpuUse(before, after) {
  if (!before || !after) return null;
  const perCore = (ticks) => Math.round((ticks / 100 / ((after.at - before.at) / 1000)) * 100); // USER_HZ = 100
  const api = after.api - before.api;
  const bench = after.bench - before.bench;
  const services = after.services - before.services;
  return {
    api: perCore(api),
    bench: perCore(bench),
    services: perCore(services),
    others: Math.max(0, perCore(after.busy - before.busy - api - bench - services)),
    apiMs: api * 10,
    apiSystemMs: (after.apiSystem - before.apiSystem) * 10,
    servicesMs: services * 10,
  };
}

/**
 * Deletes the Redis keys of this bench process's APIs (REDIS_PREFIX `bench:…:<pid>`): their queues' jobs, delayed ones
 * included, would outlive the run.
 */
export function dropBenchRedisKeys() {
  return dropRedisKeys(redisUrl, `bench:*:${process.pid}`);
}

/** Forks bare-server.mjs (a bare Node `http` server); `setBody(key, body)` stores an answer served at /<key>/… */
export async function forkBareServer() {
  const child = fork(new URL('./bare-server.mjs', import.meta.url).pathname, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise((resolve, reject) => {
    child.once('message', (message) =>
      message?.type === 'ready' ? resolve(message.port) : reject(new Error('bare-server: mensaje inesperado')),
    );
    child.once('exit', (code) => reject(new Error(`bare-server terminó (código ${code})`)));
  });
  const setBody = (key, body) =>
    new Promise((resolve) => {
      const onMessage = (message) => {
        if (message?.type === 'stored' && message.key === key) {
          child.off('message', onMessage);
          resolve();
        }
      };
      child.on('message', onMessage);
      child.send({ type: 'body', key, body });
    });
  return { child, port, setBody };
}

/**
 * How fast this machine is right now: the requests per second a bare Node `http` server answers with a small JSON
 * body at `connections` connections for `seconds`. A bare server's figure on this kind of machine has moved by 2× from
 * one day to the next, and within a session, and every other figure moves with it.
 */
export async function bareNodeRps(connections, seconds = 3) {
  const bare = await forkBareServer();
  try {
    await bare.setBody('machine', '{"ok":true}');
    const result = await autocannon({ url: `http://127.0.0.1:${bare.port}/machine`, connections, duration: seconds });
    return result.requests.average;
  } finally {
    bare.child.kill();
  }
}
