// Load benchmark of the catalogue API (`npm run bench`).
//
// For each catalogue size it seeds a database of its own, starts the built API
// twice (answer cache on, as deployed, and LISTING_CACHE_TTL_MS=0 so every
// request reaches SQL) and loads it with autocannon over 127.0.0.1: the
// filtered and sorted listing pages, a professional's detail and (smallest
// size, cache on) the plain list, also as browsers ask for it (Accept-Encoding: br: its bytes on the
// wire, compressed once per cached answer). Each endpoint is compared with a bare Node
// `http` server (bare-server.mjs, its own process) answering the very same body.
// Prints a table and the targets (PASS/MISS: a report, the exit code stays 0),
// writes test-results/bench.json, then stops everything and drops the databases.
//
// Environment:
//   BENCH_SIZES=10000,100000   professionals per database
//   BENCH_DURATION=8           seconds per measurement (BENCH_WARMUP=3 before each)
//   BENCH_CONNECTIONS=50       concurrent connections
//   BENCH_PLAIN_CONNECTIONS=10 connections for the plain list (multi-megabyte answers)
//   BENCH_API_PORT=3301        port of the API under test
//   BENCH_QUIET_WAIT=15        seconds to wait, before each measurement, for other processes to leave the CPU
//   BENCH_RETRIES=1            repeats of a measurement during which other processes used > 20% of a core
//   BENCH_PATIENCE=150         seconds spent on such waits and repeats in the whole run, at most
//   BENCH_KEEP_DB=1            keep the databases at the end
//   BENCH_REUSE_DB=1           reuse a kept database that already holds the right catalogue
//   BENCH_SKIP_BUILD=1         use the existing apps/api/dist
//   BENCH_API_NODE_ARGS=       node flags for the API (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it)
//   BENCH_COMPARE_API=path     another built API (its dist/main.js, e.g. of a worktree of an older commit) measured in
//                              the same run on the same databases (listing and detail, cached and uncached), with
//   BENCH_COMPARE_LABEL=other  its name in the table; the targets then include "≥ 1.5× the other on the cached path"
//   BENCH_DATABASE_SERVER_URL  (postgres://postgres@127.0.0.1:5432), REDIS_URL (redis://127.0.0.1:6379)
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import pg from 'pg';
import { checkServices, root, run, serve, waitForHttp } from '../../scripts/lib.mjs';
import {
  apiNodeArgs,
  databaseServer,
  dropBenchRedisKeys,
  forkBareServer,
  machineBusyTicks,
  percentile,
  positiveInteger,
  redisUrl,
  ticksOfProcesses,
  withClient,
} from './bench-lib.mjs';

// ---------------------------------------------------------------- configuration

const sizes = (process.env.BENCH_SIZES || '10000,100000').split(',').map((raw) => {
  const value = Number(raw.trim());
  if (!Number.isInteger(value) || value < 20 || value > 1_000_000) {
    console.error(`✖ BENCH_SIZES: "${raw}" debe ser un entero entre 20 y 1000000`);
    process.exit(1);
  }
  return value;
});
const duration = positiveInteger('BENCH_DURATION', 8);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const connections = positiveInteger('BENCH_CONNECTIONS', 50);
const plainConnections = positiveInteger('BENCH_PLAIN_CONNECTIONS', 10);
const apiPort = positiveInteger('BENCH_API_PORT', 3301);
const quietWait = Number(process.env.BENCH_QUIET_WAIT ?? 15);
const retries = Number(process.env.BENCH_RETRIES ?? 1);
/** Seconds the whole run may spend, in total, waiting for a quiet machine and repeating disturbed measurements. */
let patienceMs = Number(process.env.BENCH_PATIENCE ?? 150) * 1000;
const keepDb = process.env.BENCH_KEEP_DB === '1';
const reuseDb = process.env.BENCH_REUSE_DB === '1';
const server = databaseServer;
const host = '127.0.0.1';
const compareApi = process.env.BENCH_COMPARE_API || null;
const compareLabel = process.env.BENCH_COMPARE_LABEL || 'other';
/** The plain list is only measured on the smallest catalogue, with the cache on (it is megabytes of JSON). */
const plainSize = Math.min(...sizes) <= 10_000 ? Math.min(...sizes) : null;

// BENCH_DB_PREFIX: databases of their own for runs side by side (other worktrees).
const databaseName = (size) => `${process.env.BENCH_DB_PREFIX || 'oficios_bench'}_${size}`;
const databaseUrl = (size) => `${server}/${databaseName(size)}`;

/** Realistic listing traffic: two filter+sort combinations, pages 1-20 of each (the same for every size). */
const LISTING_PATHS = [];
for (let page = 1; page <= 20; page += 1) {
  LISTING_PATHS.push(`/home/professionals?page=${page}&professions=plomero&sort=rating&order=desc`);
  LISTING_PATHS.push(`/home/professionals?page=${page}&rating=4&sort=firstName&order=asc`);
}
const DETAIL_IDS = 1000;

/**
 * The localities' autocomplete as people type it: whole names, prefixes, accents left out, a province after a comma
 * (its answers do not depend on the catalogue's size, so it is measured once, on the smallest).
 */
const LOCALITY_SEARCHES = [
  'caba',
  'cordoba',
  'san',
  'villa del',
  'castelar, santa fe',
  'caballito',
  'pal',
  'rosario',
  'mendoza',
  'la plata',
  'moron',
  'quilmes',
  'villa',
  'general',
  'mar del plata',
  'tigre',
  'ramos mejia',
  'godoy',
  'san isidro, buenos aires',
  'bahia blanca',
];
const LOCALITY_PATHS = LOCALITY_SEARCHES.map((search) => `/home/localities?search=${encodeURIComponent(search)}`);
/** Issue 41: the localities search at p99 ≤ 10 ms with the standard connections. */
const LOCALITIES_P99_MS = 10;

/**
 * "Cerca de" traffic (`near`, sorted by distance, its default): places of every density, from Buenos Aires' barrios
 * to towns of the interior, pages 1-5, alone and with a profession.
 */
const NEAR_LOCALITIES = [
  ['0204201001', 'Caballito'],
  ['0209801001', 'Palermo'],
  ['06658010', 'Quilmes'],
  ['06497060', 'Luján'],
  ['82084270', 'Rosario'],
  ['14014010', 'Córdoba'],
  ['50007010', 'Mendoza'],
  ['90084010', 'San Miguel de Tucumán'],
  ['06791050', 'Tandil'],
  ['82021310', 'Rafaela'],
  ['26035030', 'Esquel'],
];
const NEAR_PATHS = NEAR_LOCALITIES.flatMap(([id]) =>
  [1, 2, 3, 4, 5].flatMap((page) => [
    `/home/professionals?near=${id}&page=${page}`,
    `/home/professionals?near=${id}&page=${page}&professions=plomero`,
  ]),
);
/** Percent of a core used by other processes above which a measurement is flagged. */
const BUSY_CPU = 20;

// ---------------------------------------------------------------- cleanup

const children = new Set();
const createdDatabases = new Set();
let currentLoad = null;
let cleanedUp = false;

function stopChild(child, timeoutMs = 5000) {
  children.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function dropDatabase(name) {
  const client = new pg.Client({ connectionString: `${server}/postgres` });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  currentLoad?.stop();
  await Promise.all([...children].map((child) => stopChild(child)));
  await dropBenchRedisKeys().catch((error) => console.error(`✖ no se pudieron borrar las claves de Redis: ${error.message}`));
  if (keepDb) {
    if (createdDatabases.size) console.log(`\nBases conservadas (BENCH_KEEP_DB=1): ${[...createdDatabases].join(', ')}`);
    return;
  }
  for (const name of createdDatabases) {
    try {
      await dropDatabase(name);
    } catch (error) {
      console.error(`✖ no se pudo borrar ${name}: ${error.message}`);
    }
  }
  if (createdDatabases.size) console.log(`\nBases borradas: ${[...createdDatabases].join(', ')}`);
}

// Last resort when something calls process.exit() (lib.mjs's run() does on failure): synchronous only.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  if (cleanedUp || keepDb || createdDatabases.size === 0) return;
  const drops = [...createdDatabases].map((name) => `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  const script = `const pg = require('pg'); const c = new pg.Client({ connectionString: process.argv[1] });
    c.connect().then(async () => { for (const sql of ${JSON.stringify(drops)}) await c.query(sql); await c.end(); });`;
  spawnSync(process.execPath, ['-e', script, `${server}/postgres`], { cwd: root, stdio: 'inherit', timeout: 15_000 });
});
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => {
    console.error(`\n✖ ${signal}: deteniendo servidores${keepDb ? '' : ' y borrando las bases'}…`);
    cleanup().finally(() => process.exit(code));
  });
}

// ---------------------------------------------------------------- helpers

const seconds = (ms) => (ms / 1000).toFixed(1);

function portIsFree(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port }, () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });
}

/** Drops, creates, migrates and seeds the size's database; returns the timings in ms. */
async function prepareDatabase(size) {
  const name = databaseName(size);
  const env = { DATABASE_URL: databaseUrl(size), LOG_LEVEL: 'error' };
  if (reuseDb) {
    const count = await withClient(`${server}/postgres`, async (client) => {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!rowCount) return 0;
      return withClient(databaseUrl(size), async (db) => {
        const exists = await db.query(`SELECT to_regclass('public.users') AS t`);
        if (!exists.rows[0].t) return 0;
        return (await db.query(`SELECT count(*)::int AS n FROM users WHERE type = 'profesional'`)).rows[0].n;
      });
    });
    createdDatabases.add(name);
    if (count === size) {
      console.log(`\n▶ ${name}: reutilizada (BENCH_REUSE_DB=1, ${size} profesionales)`);
      return { reused: true, migrateMs: 0, seedMs: 0, vacuumMs: 0 };
    }
  }
  console.log(`\n▶ ${name}: creando y sembrando ${size.toLocaleString('es-AR')} profesionales`);
  await withClient(`${server}/postgres`, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  });
  createdDatabases.add(name);
  let started = Date.now();
  run('node', ['apps/api/dist/database/migrate.js'], { env });
  const migrateMs = Date.now() - started;
  started = Date.now();
  run('node', ['apps/api/dist/database/seed/run-seed.js', '--professionals', String(size)], { env });
  const seedMs = Date.now() - started;
  // What autovacuum would do within a minute of a bulk load: statistics for the
  // planner and a visibility map for index-only scans, so that the measurements
  // do not depend on when autovacuum happens to pass.
  started = Date.now();
  await withClient(databaseUrl(size), (client) => client.query('VACUUM (ANALYZE)'));
  const vacuumMs = Date.now() - started;
  console.log(
    `  seed de ${size.toLocaleString('es-AR')}: ${seconds(seedMs)} s (migración ${seconds(migrateMs)} s, VACUUM ANALYZE ${seconds(vacuumMs)} s)`,
  );
  return { reused: false, migrateMs, seedMs, vacuumMs };
}

/** Starts the built API (or `entry`, another build) on the size's database; resolves once /health answers. */
async function startApi(size, mode, entry = 'apps/api/dist/main.js') {
  if (!(await portIsFree(apiPort))) throw new Error(`El puerto ${apiPort} ya está en uso: elija otro con BENCH_API_PORT`);
  const env = {
    DATABASE_URL: databaseUrl(size),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `bench:${size}:${mode}:${process.pid}`,
    PORT: String(apiPort),
    PUBLIC_API_URL: `http://${host}:${apiPort}`,
    LOG_LEVEL: 'error',
    // serve() merges process.env: an empty value is the default (30 s), whatever the shell has.
    LISTING_CACHE_TTL_MS: mode === 'uncached' ? '0' : '',
    AVAILABILITY_CACHE_TTL_MS: mode === 'uncached' ? '0' : '',
  };
  const child = serve(`api ${size} ${mode}`, 'node', apiNodeArgs(entry), env);
  children.add(child);
  const exited = new Promise((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`La API terminó antes de responder (código ${code ?? signal})`))),
  );
  exited.catch(() => {});
  await Promise.race([waitForHttp(`http://${host}:${apiPort}/health`, 60_000), exited]);
  return child;
}

/** bench-lib's bare server, stopped with this run's other children. */
async function startBareServer() {
  const bare = await forkBareServer();
  children.add(bare.child);
  return bare;
}

async function fetchBody(port, path) {
  const response = await fetch(`http://${host}:${port}${path}`);
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${path} respondió ${response.status}: ${body.slice(0, 200)}`);
  if (!String(response.headers.get('content-type')).startsWith('application/json')) throw new Error(`GET ${path} no respondió JSON`);
  return body;
}

/**
 * CPU time (in ticks) of the whole machine and of what the benchmark runs on:
 * this process, the servers it started and Postgres. The difference is load
 * from elsewhere (another test run, say), which makes numbers meaningless on 2
 * cores; it is reported with each measurement. Linux only, else null.
 */
function cpuSnapshot() {
  try {
    const busy = machineBusyTicks();
    const ours = new Set([process.pid, ...[...children].map((child) => child.pid)]);
    const benchmark = ticksOfProcesses((pid, command) => ours.has(pid) || command === 'postgres');
    return { at: Date.now(), busy, benchmark };
  } catch {
    return null;
  }
}

/** Percent of one core used outside the benchmark between two snapshots. */
function foreignCpu(before, after) {
  if (!before || !after) return null;
  const ticksPerSecond = 100; // USER_HZ on Linux
  const elapsed = (after.at - before.at) / 1000;
  return Math.max(0, (after.busy - before.busy - (after.benchmark - before.benchmark)) / ticksPerSecond / elapsed) * 100;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for a second in which other processes use less than BUSY_CPU: at most
 * quietWait seconds, and only while the run's patience lasts.
 */
async function waitForQuiet() {
  const started = Date.now();
  const deadline = started + Math.min(quietWait * 1000, patienceMs);
  try {
    for (;;) {
      const before = cpuSnapshot();
      await sleep(1000);
      const other = foreignCpu(before, cpuSnapshot());
      if (other === null || other < BUSY_CPU) return;
      if (Date.now() >= deadline) {
        console.log(`  ⚠ la máquina sigue ocupada por otros procesos (${other.toFixed(0)}% de CPU): se mide igual`);
        return;
      }
    }
  } finally {
    patienceMs -= Date.now() - started;
  }
}

/** The bytes of an answer's body as sent (fetch would decode a compressed one); fails unless it is 200. */
function wireBytes(port, path, headers) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host, port, path, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () =>
        response.statusCode === 200 ? resolve(bytes) : reject(new Error(`GET ${path} respondió ${response.statusCode}`)),
      );
    });
    request.on('error', reject);
  });
}

/**
 * Load `paths` (a shared round-robin, so the connections spread over all of
 * them) with autocannon: a warm-up of the same traffic, then the measurement.
 * Latencies are kept at full (sub-millisecond) resolution from autocannon's
 * response events. A measurement disturbed by other processes is repeated
 * (BENCH_RETRIES times at most) and the least disturbed one is kept.
 */
async function load(port, paths, { conns, secs, headers = {} }) {
  const options = (seconds) => {
    let next = 0;
    return {
      url: `http://${host}:${port}`,
      connections: conns,
      duration: seconds,
      timeout: 20,
      requests: [{ method: 'GET', headers, setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
    };
  };
  await waitForQuiet();
  if (warmup > 0) {
    currentLoad = autocannon(options(warmup));
    await currentLoad;
  }
  let best = null;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    if (attempt > 0) {
      if (patienceMs < secs * 1000) break;
      console.log(`  … otros procesos usaron ${best.otherCpu.toFixed(0)}% de CPU durante la medición: se repite`);
      patienceMs -= secs * 1000;
      await waitForQuiet();
    }
    const measurement = await measureOnce(options(secs), conns);
    if (!best || (measurement.otherCpu ?? 0) < (best.otherCpu ?? 0)) best = measurement;
    best.attempts = attempt + 1;
    if (best.otherCpu === null || best.otherCpu <= BUSY_CPU) break;
  }
  return best;
}

async function measureOnce(options, conns) {
  const latencies = [];
  const before = cpuSnapshot();
  currentLoad = autocannon(options);
  currentLoad.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await currentLoad;
  const otherCpu = foreignCpu(before, cpuSnapshot());
  currentLoad = null;
  const sorted = Float64Array.from(latencies).sort();
  return {
    connections: conns,
    seconds: result.duration,
    requests: result['2xx'],
    rps: result['2xx'] / result.duration,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    mbPerSec: result.throughput.average / 1e6,
    otherCpu,
    loadAverage: os.loadavg()[0],
  };
}

// ---------------------------------------------------------------- main

const results = [];
const seeds = [];

function record(size, mode, endpoint, bodyBytes, measurement) {
  const row = { size, mode, endpoint, bodyBytes, ...measurement };
  results.push(row);
  const problems = measurement.non2xx + measurement.errors + measurement.timeouts;
  console.log(
    `  ${endpoint.padEnd(8)} ${mode.padEnd(8)} ${measurement.rps.toFixed(0).padStart(7)} req/s  p50 ${measurement.p50.toFixed(2)} ms  p99 ${measurement.p99.toFixed(2)} ms` +
      (problems ? `  ⚠ ${measurement.non2xx} no-2xx, ${measurement.errors} errores, ${measurement.timeouts} timeouts` : '') +
      (measurement.otherCpu > BUSY_CPU ? `  ⚠ otros procesos usaron ${measurement.otherCpu.toFixed(0)}% de CPU` : ''),
  );
  return row;
}

async function benchSize(size, bare) {
  const ids = await withClient(databaseUrl(size), async (client) => {
    const { rows } = await client.query(`SELECT id FROM users WHERE type = 'profesional' ORDER BY md5(id::text) LIMIT $1`, [DETAIL_IDS]);
    return rows.map((row) => row.id);
  });
  const detailPaths = ids.map((id) => `/home/professionals/${id}`);
  const bodies = {};
  const standard = { conns: connections, secs: duration };

  for (const mode of ['cached', 'uncached']) {
    console.log(
      `\n▶ ${size.toLocaleString('es-AR')} profesionales, API ${mode === 'cached' ? 'como se despliega (caché de respuestas activa)' : 'sin caché (LISTING_CACHE_TTL_MS=0: cada petición llega a SQL)'}`,
    );
    const api = await startApi(size, mode);
    if (mode === 'cached') {
      // The real answers the bare server will serve.
      bodies.listing = await fetchBody(apiPort, LISTING_PATHS[0]);
      const page = JSON.parse(bodies.listing);
      if (page.items.length !== 8) throw new Error(`${LISTING_PATHS[0]} devolvió ${page.items.length} elementos (se esperaban 8)`);
      const samples = await Promise.all(detailPaths.slice(0, 21).map((path) => fetchBody(apiPort, path)));
      bodies.detail = samples.sort((a, b) => a.length - b.length)[10]; // the median-sized detail
      for (const path of LISTING_PATHS) {
        const { items } = JSON.parse(await fetchBody(apiPort, path));
        if (items.length !== 8) console.warn(`  ⚠ ${path} devolvió ${items.length} elementos`);
      }
      if (size === plainSize) bodies.plain = await fetchBody(apiPort, '/home/professionals');
    }
    record(size, mode, 'listing', Buffer.byteLength(bodies.listing), await load(apiPort, LISTING_PATHS, standard));
    record(size, mode, 'detail', Buffer.byteLength(bodies.detail), await load(apiPort, detailPaths, standard));
    if (mode === 'uncached' && size === Math.min(...sizes)) await benchLocalitySearch(size, mode, standard);
    await benchNear(size, mode, bodies, standard);
    if (mode === 'cached' && size === plainSize) {
      record(
        size,
        mode,
        'plain',
        Buffer.byteLength(bodies.plain),
        await load(apiPort, ['/home/professionals'], { conns: plainConnections, secs: duration }),
      );
      const brotli = { 'accept-encoding': 'br' };
      record(
        size,
        mode,
        'plain br',
        await wireBytes(apiPort, '/home/professionals', brotli),
        await load(apiPort, ['/home/professionals'], { conns: plainConnections, secs: duration, headers: brotli }),
      );
    }
    await stopChild(api);
  }

  if (compareApi) {
    for (const mode of ['cached', 'uncached']) {
      console.log(`\n▶ ${size.toLocaleString('es-AR')} profesionales, la otra API (${compareLabel}: ${compareApi}), ${mode}`);
      const other = await startApi(size, mode, compareApi);
      record(size, `${mode} ${compareLabel}`, 'listing', Buffer.byteLength(bodies.listing), await load(apiPort, LISTING_PATHS, standard));
      record(size, `${mode} ${compareLabel}`, 'detail', Buffer.byteLength(bodies.detail), await load(apiPort, detailPaths, standard));
      await stopChild(other);
    }
  }

  console.log(`\n▶ ${size.toLocaleString('es-AR')} profesionales, servidor http desnudo con los mismos cuerpos`);
  for (const endpoint of Object.keys(bodies)) {
    const key = `${size}-${endpoint}`;
    await bare.setBody(key, bodies[endpoint]);
    const paths =
      endpoint === 'listing'
        ? LISTING_PATHS
        : endpoint === 'detail'
          ? detailPaths
          : endpoint === 'near'
            ? NEAR_PATHS
            : ['/home/professionals'];
    const shape = endpoint === 'plain' ? { conns: plainConnections, secs: duration } : standard;
    record(
      size,
      'bare',
      endpoint,
      Buffer.byteLength(bodies[endpoint]),
      await load(
        bare.port,
        paths.map((path) => `/${key}${path}`),
        shape,
      ),
    );
  }
}

/** The localities' autocomplete (GET /home/localities?search=), each search checked to answer some localities first. */
async function benchLocalitySearch(size, mode, shape) {
  for (const path of LOCALITY_PATHS) {
    const answer = JSON.parse(await fetchBody(apiPort, path));
    if (!Array.isArray(answer) || answer.length === 0) throw new Error(`${path} no devolvió localidades`);
  }
  const body = await fetchBody(apiPort, LOCALITY_PATHS[0]);
  record(size, mode, 'localities', Buffer.byteLength(body), await load(apiPort, LOCALITY_PATHS, shape));
}

/** Issue 41's target for the localities search. */
function localityTargets(add) {
  const row = results.find((r) => r.endpoint === 'localities');
  if (row)
    add(
      `issue 41: localities search p99 ≤ ${LOCALITIES_P99_MS} ms`,
      row.p99 <= LOCALITIES_P99_MS,
      `p99 ${row.p99.toFixed(2)} ms, ${row.rps.toFixed(0)} req/s`,
    );
}

/** The "near" row of one API mode; with the cache on, first the median-sized answer the bare server will serve. */
async function benchNear(size, mode, bodies, standard) {
  if (mode === 'cached') {
    const samples = await Promise.all(NEAR_PATHS.map((path) => fetchBody(apiPort, path)));
    const empty = NEAR_PATHS.filter((_, i) => JSON.parse(samples[i]).items.length === 0);
    if (empty.length > NEAR_PATHS.length / 4) console.warn(`  ⚠ near: ${empty.length} de ${NEAR_PATHS.length} páginas vacías`);
    bodies.near = samples.sort((a, b) => a.length - b.length)[Math.floor(samples.length / 2)];
  }
  record(size, mode, 'near', Buffer.byteLength(bodies.near), await load(apiPort, NEAR_PATHS, standard));
}

/** "Cerca de" uncached: p99 ≤ 20 ms, and its share of bare within 20% of the plain listing's (≥ 0.8 × its ratio). */
function nearTargets(add) {
  for (const size of sizes) {
    const near = results.find((r) => r.size === size && r.mode === 'uncached' && r.endpoint === 'near');
    const listing = results.find((r) => r.size === size && r.mode === 'uncached' && r.endpoint === 'listing');
    if (!near || !listing) continue;
    add(`near ${size} uncached: p99 ≤ 20 ms`, near.p99 <= 20, `p99 ${near.p99.toFixed(2)} ms`);
    add(
      `near ${size} uncached: ≥ 0.8 × listing's share of bare`,
      near.ratio >= 0.8 * listing.ratio,
      `${(near.ratio * 100).toFixed(1)}% vs listing ${(listing.ratio * 100).toFixed(1)}% (× ${(near.ratio / listing.ratio).toFixed(2)})`,
    );
  }
}

/** req/s of each API measurement over the bare server's with the same body. */
function addRatios() {
  for (const row of results) {
    const bare = results.find((r) => r.size === row.size && r.mode === 'bare' && r.endpoint === row.endpoint);
    row.ratio = row.mode !== 'bare' && bare ? row.rps / bare.rps : null;
  }
}

function formatTable() {
  const header = ['size', 'mode', 'endpoint', 'body', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'vs bare', 'errors', 'other CPU'];
  const kb = (bytes) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`);
  const rows = results.map((row) => {
    return [
      row.size.toLocaleString('en-US'),
      row.mode,
      row.endpoint,
      kb(row.bodyBytes),
      String(row.connections),
      row.rps.toFixed(0),
      row.p50.toFixed(2),
      row.p99.toFixed(2),
      row.ratio === null ? '—' : `${(row.ratio * 100).toFixed(0)}%`,
      String(row.non2xx + row.errors + row.timeouts),
      row.otherCpu === null ? '?' : `${row.otherCpu.toFixed(0)}%${row.otherCpu > BUSY_CPU ? ' ⚠' : ''}`,
    ];
  });
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((cell, i) => (i < 4 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function checkTargets() {
  const targets = [];
  const add = (name, pass, detail) => targets.push({ name, pass, detail });
  for (const size of sizes) {
    for (const mode of ['cached', 'uncached']) {
      const listing = results.find((r) => r.size === size && r.mode === mode && r.endpoint === 'listing');
      const detail = results.find((r) => r.size === size && r.mode === mode && r.endpoint === 'detail');
      if (listing) {
        add(
          `listing ${size} ${mode}: ≥ 50% bare req/s and p99 < 30 ms`,
          listing.ratio >= 0.5 && listing.p99 < 30,
          `${(listing.ratio * 100).toFixed(0)}% of bare, p99 ${listing.p99.toFixed(2)} ms`,
        );
      }
      if (detail) add(`detail ${size} ${mode}: ≥ 60% bare req/s`, detail.ratio >= 0.6, `${(detail.ratio * 100).toFixed(0)}% of bare`);
    }
  }
  // Issue 13, for the path every request with its own filters takes (no answer cache): the listing at ≥ 6% of bare
  // (3× its share when the issue was filed) with p99 ≤ 40 ms, the detail at ≥ 8% (2×), at every size.
  for (const size of sizes) {
    const listing = results.find((r) => r.size === size && r.mode === 'uncached' && r.endpoint === 'listing');
    const detail = results.find((r) => r.size === size && r.mode === 'uncached' && r.endpoint === 'detail');
    if (listing) {
      add(
        `issue 13: listing ${size} uncached ≥ 6% bare req/s and p99 ≤ 40 ms`,
        listing.ratio >= 0.06 && listing.p99 <= 40,
        `${(listing.ratio * 100).toFixed(1)}% of bare, p99 ${listing.p99.toFixed(2)} ms`,
      );
    }
    if (detail)
      add(`issue 13: detail ${size} uncached ≥ 8% bare req/s`, detail.ratio >= 0.08, `${(detail.ratio * 100).toFixed(1)}% of bare`);
  }
  // Issue 13: the HTTP adapter kept only if it serves the cached listing and detail ≥ 1.5× the other one.
  if (compareApi) {
    for (const size of sizes) {
      for (const endpoint of ['listing', 'detail']) {
        const ours = results.find((r) => r.size === size && r.mode === 'cached' && r.endpoint === endpoint);
        const theirs = results.find((r) => r.size === size && r.mode === `cached ${compareLabel}` && r.endpoint === endpoint);
        if (ours && theirs)
          add(
            `${endpoint} ${size} cached ≥ 1.5 × ${compareLabel} req/s`,
            ours.rps >= 1.5 * theirs.rps,
            `${ours.rps.toFixed(0)} vs ${theirs.rps.toFixed(0)} req/s (× ${(ours.rps / theirs.rps).toFixed(2)})`,
          );
      }
    }
  }
  localityTargets(add);
  nearTargets(add);
  const small = Math.min(...sizes);
  const large = Math.max(...sizes);
  if (small !== large) {
    const a = results.find((r) => r.size === small && r.mode === 'uncached' && r.endpoint === 'listing');
    const b = results.find((r) => r.size === large && r.mode === 'uncached' && r.endpoint === 'listing');
    add(
      `uncached listing p50 at ${large} ≤ 1.5 × p50 at ${small}`,
      b.p50 <= 1.5 * a.p50,
      `${b.p50.toFixed(2)} ms vs ${a.p50.toFixed(2)} ms (× ${(b.p50 / a.p50).toFixed(2)})`,
    );
  }
  return targets;
}

/** The commit measured, with "+cambios" when the working tree differs from it. */
function gitRevision() {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  if (head.status !== 0) return null;
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'apps/api', 'libs/domain'], { cwd: root, encoding: 'utf8' });
  return `${head.stdout.trim()}${dirty.stdout.trim() ? '+cambios' : ''}`;
}

async function main() {
  const started = Date.now();
  const revision = gitRevision();
  await checkServices(`${server}/postgres`, redisUrl);
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    run('npm', ['run', 'build', '-w', '@oficios/domain']);
    run('npm', ['run', 'build', '-w', '@oficios/api']);
  }
  for (const size of sizes) seeds.push({ size, ...(await prepareDatabase(size)) });

  const [load1] = os.loadavg();
  if (load1 > 1)
    console.log(
      `\n⚠ Carga media del último minuto: ${load1.toFixed(2)} (hay ${os.cpus().length} CPU); otros procesos pueden falsear las mediciones.`,
    );
  const bare = await startBareServer();
  console.log(
    `\nCarga: autocannon, ${connections} conexiones, ${duration} s por medición tras ${warmup} s de calentamiento, todo en ${host}.`,
  );
  for (const size of sizes) await benchSize(size, bare);
  await stopChild(bare.child);

  console.log(
    `\n══ Resultados (${revision ?? 'sin git'}, ${os.cpus().length} CPU, Node ${process.version}, ${duration} s por medición) ══\n`,
  );
  addRatios();
  console.log(formatTable());
  console.log(
    `\nlisting = ${LISTING_PATHS.length} URLs en rotación (professions=plomero&sort=rating&order=desc y rating=4&sort=firstName&order=asc, páginas 1-20);` +
      `\nnear = ${NEAR_PATHS.length} URLs (near= ${NEAR_LOCALITIES.map(([, name]) => name).join(', ')}; páginas 1-5, solas y con professions=plomero; orden por distancia);` +
      `\ndetail = /home/professionals/{id} sobre ${DETAIL_IDS} ids; plain = /home/professionals completo, sólo ${plainSize === null ? '(no medido: ningún tamaño ≤ 10000)' : `${plainSize.toLocaleString('en-US')} con caché`} y con ${plainConnections} conexiones (también el bare); plain br = lo mismo con Accept-Encoding: br (body = bytes comprimidos);` +
      `\ncached = como se despliega (caché de respuestas en proceso); uncached = LISTING_CACHE_TTL_MS=0; bare = http de Node con el mismo cuerpo; "vs bare" = req/s ÷ req/s del bare;` +
      `\nother CPU = CPU (% de un núcleo) que usaron procesos ajenos al benchmark durante la medición (ni este proceso, ni sus servidores, ni Postgres).`,
  );
  if (results.some((row) => row.otherCpu > BUSY_CPU)) {
    console.log(
      `⚠ Hubo otros procesos ocupando CPU (> ${BUSY_CPU}% de un núcleo) durante las mediciones marcadas: repita con la máquina libre.`,
    );
  }
  for (const seed of seeds) {
    if (!seed.reused) console.log(`seed ${seed.size.toLocaleString('en-US')}: ${seconds(seed.seedMs)} s`);
  }

  const targets = checkTargets();
  console.log('\n══ Objetivos ══\n');
  for (const target of targets) console.log(`${target.pass ? 'PASS' : 'MISS'}  ${target.name}  (${target.detail})`);

  mkdirSync(`${root}test-results`, { recursive: true });
  const report = {
    date: new Date().toISOString(),
    revision,
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version },
    config: {
      sizes,
      compareApi,
      compareLabel,
      duration,
      warmup,
      connections,
      plainConnections,
      plainSize,
      quietWait,
      retries,
      patience: Number(process.env.BENCH_PATIENCE ?? 150),
      listingPaths: LISTING_PATHS,
      nearPaths: NEAR_PATHS,
      detailIds: DETAIL_IDS,
    },
    seeds,
    results,
    targets,
    totalSeconds: (Date.now() - started) / 1000,
  };
  writeFileSync(`${root}test-results/bench.json`, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nResultados en test-results/bench.json (${seconds(Date.now() - started)} s en total).`);
}

try {
  await main();
} catch (error) {
  console.error(`\n✖ ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
