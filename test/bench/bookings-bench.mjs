// Load benchmark of bookings (issue 11), the second half of `npm run bench` (alone: `npm run bench:bookings`).
//
// One database: BENCH_BOOKING_PROFESSIONALS professionals (seeded as the catalogue bench does) and
// BENCH_BOOKINGS paid bookings, each one line with one date held in the next 40 days, spread over the first
// professionals (so the measured professional has a full calendar among 100,000 holds). The built API runs with
// every answer cache off (LISTING_CACHE_TTL_MS=0, AVAILABILITY_CACHE_TTL_MS=0) and is measured with autocannon:
//   1. availability: GET /home/professionals/{id}/availability (default range: today + BOOKING_HORIZON_DAYS),
//      the busiest professionals in turn, BENCH_AVAILABILITY_CONNECTIONS connections, BENCH_DURATION seconds;
//   2. checkout: POST /api/orders of a 3-line cart (each line one free date of another professional), each request
//      a different signed-in client, BENCH_CHECKOUT_CONNECTIONS connections, BENCH_CHECKOUTS requests, after
//      BENCH_CHECKOUT_WARMUP unmeasured ones of other clients (as the availability's warm-up: the pool's connections
//      opened, the statements prepared, the code compiled); then BENCH_CHECKOUTS_ALONE more, one at a time (what a
//      client waits when nobody else is checking out: the round trips, not the queue). Each checkout measurement starts
//      once the queues have run the jobs the previous one caused (its orders' notices); how many the measured run left
//      for later, and how long they took, is printed (the workers take turns with the requests, and fall behind).
// Then, the API idle, a bare Node `http` server's req/s on the same machine (its speed now: every figure moves with
// it). Targets (issue 11): availability p99 ≤ 20 ms uncached; checkout p99 ≤ 100 ms at 20 connections. Prints PASS/MISS
// (a report: the exit code stays 0 unless something fails), writes test-results/bench-bookings.json, drops the
// database (BENCH_KEEP_DB=1 keeps it).
//
// Environment (besides BENCH_DURATION, BENCH_API_PORT, BENCH_SKIP_BUILD, BENCH_KEEP_DB,
// BENCH_DATABASE_SERVER_URL and REDIS_URL as in run-bench.mjs):
//   BENCH_BOOKINGS=100000               paid bookings in the database
//   BENCH_BOOKING_PROFESSIONALS=4000    professionals (the bookings use the first 2,500 at most)
//   BENCH_AVAILABILITY_CONNECTIONS=10
//   BENCH_CHECKOUTS=2000                clients, each checking out once (a p99 of 600 answers rests on its 6 slowest)
//   BENCH_CHECKOUT_WARMUP=100           clients checking out first, unmeasured
//   BENCH_CHECKOUT_CONNECTIONS=20
//   BENCH_CHECKOUTS_ALONE=300           clients checking out one at a time, after the others
//   BENCH_API_NODE_ARGS=                node flags for the API (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it)
//   BENCH_WORKERS=embedded              `embedded`: the API also runs the jobs (as `npm start`); `separate`: the API with
//                                       WORKERS=off and one worker process beside it (`npm run worker`), as in production
//   BENCH_TRACE=                        `1`: each measurement's answers, one line each (ms since its start when it came,
//                                       its latency), to test-results/bench-bookings-<measurement>.csv; the first line
//                                       is the start on the monotonic clock in µs, which CPU profiles also use
import autocannon from 'autocannon';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { API_NODE_FLAGS, checkServices, root, run, serve, waitForHttp } from '../../scripts/lib.mjs';
import {
  apiNodeArgs,
  bareNodeRps,
  cpuSnapshot,
  cpuUse,
  databaseServer,
  dropBenchRedisKeys,
  keepCookies,
  percentile,
  positiveInteger,
  redisUrl,
  withClient,
} from './bench-lib.mjs';

const bookings = positiveInteger('BENCH_BOOKINGS', 100_000);
const professionals = positiveInteger('BENCH_BOOKING_PROFESSIONALS', 4_000);
const availabilityConnections = positiveInteger('BENCH_AVAILABILITY_CONNECTIONS', 10);
const checkouts = positiveInteger('BENCH_CHECKOUTS', 2000);
const checkoutWarmup = positiveInteger('BENCH_CHECKOUT_WARMUP', 100);
const checkoutConnections = positiveInteger('BENCH_CHECKOUT_CONNECTIONS', 20);
const checkoutsAlone = positiveInteger('BENCH_CHECKOUTS_ALONE', 300);
const duration = positiveInteger('BENCH_DURATION', 8);
const apiPort = positiveInteger('BENCH_API_PORT', 3301);
const keepDb = process.env.BENCH_KEEP_DB === '1';
const workers = process.env.BENCH_WORKERS || 'embedded';
const traceAnswers = process.env.BENCH_TRACE === '1';
if (!['embedded', 'separate'].includes(workers)) {
  console.error(`✖ BENCH_WORKERS=${workers} debe ser embedded o separate`);
  process.exit(1);
}
const server = databaseServer;
const host = '127.0.0.1';
const api = `http://${host}:${apiPort}`;
const databaseName = 'oficios_bench_bookings';
const databaseUrl = `${server}/${databaseName}`;
const redisPrefix = `bench:bookings:${process.pid}`;
/** Booked professionals: at most 40 holds each, the first days of the horizon. */
const BOOKED_DAYS = 40;
const bookedProfessionals = Math.ceil(bookings / BOOKED_DAYS);
if (bookedProfessionals + 3 > professionals) {
  console.error(`✖ BENCH_BOOKING_PROFESSIONALS debe ser al menos ${bookedProfessionals + 3} para ${bookings} reservas`);
  process.exit(1);
}

let apiProcess = null;
let workerProcess = null;
let databaseCreated = false;

async function cleanup() {
  apiProcess?.kill('SIGTERM');
  workerProcess?.kill('SIGTERM');
  if (databaseCreated && !keepDb) {
    await withClient(`${server}/postgres`, (client) => client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
    console.log(`\nBase borrada: ${databaseName}`);
  }
  await dropBenchRedisKeys().catch((error) => console.error(`✖ no se pudieron borrar las claves de Redis: ${error.message}`));
}

/** autocannon with full-resolution latencies of the 2xx answers; refuses a run with errors or non-2xx answers. */
async function measure(label, options) {
  const latencies = [];
  const instance = autocannon({ url: api, timeout: 20, ...options });
  let lastAnswer = 0;
  // When traced: where in the run each answer came (stalls that delay every connection at once show as clusters).
  const trace = [];
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    lastAnswer = performance.now();
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    if (traceAnswers) trace.push(`${(lastAnswer - started).toFixed(1)},${responseTime.toFixed(1)}`);
  });
  const cpuBefore = cpuSnapshot(apiProcess.pid);
  const startedMonotonicUs = process.hrtime.bigint() / 1000n;
  const started = performance.now();
  const result = await instance;
  // Up to the last answer: autocannon's own duration is whole seconds, and a run of `amount` requests only ends on
  // its next one-second tick (a 2.1 s run took 3 s), too coarse for a few seconds' run.
  const seconds = ((options.amount ? lastAnswer : performance.now()) - started) / 1000;
  // The CPU each answer cost (less noisy than latency on a shared machine): the API process, Postgres + Redis.
  const cpu = cpuUse(cpuBefore, cpuSnapshot(apiProcess.pid));
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${label}: ${result.non2xx} respuestas no 2xx y ${result.errors} errores`);
  if (traceAnswers) {
    mkdirSync(`${root}test-results`, { recursive: true });
    const name = label
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\w]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase();
    writeFileSync(`${root}test-results/bench-bookings-${name}.csv`, [`${startedMonotonicUs},0`, ...trace].join('\n') + '\n');
  }
  const sorted = Float64Array.from(latencies).sort();
  return {
    label,
    connections: options.connections,
    requests: result['2xx'],
    rps: result['2xx'] / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    apiCpuMs: cpu ? cpu.apiMs / result['2xx'] : NaN,
    servicesCpuMs: cpu ? cpu.servicesMs / result['2xx'] : NaN,
  };
}

/**
 * The jobs the API's queues have not finished: waiting or running (an order's expiry waits on purpose, delayed, and is
 * not counted).
 */
async function unfinishedJobs(redis, queues) {
  const counts = await Promise.all(
    queues.map((queue) => {
      const key = `${redisPrefix}:bull:${queue}`;
      return Promise.all([redis.llen(`${key}:wait`), redis.llen(`${key}:active`), redis.zcard(`${key}:prioritized`)]);
    }),
  );
  return counts.flat().reduce((sum, count) => sum + count, 0);
}

/** Waits until the queues have run every job (two minutes at most); answers how many there were and how long it took. */
async function drainJobs(redis, queues) {
  const started = performance.now();
  const left = await unfinishedJobs(redis, queues);
  for (let now = left; now > 0; now = await unfinishedJobs(redis, queues)) {
    if (performance.now() - started > 120_000) throw new Error(`las colas no terminaron sus trabajos en 2 minutos (quedan ${now})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { left, seconds: (performance.now() - started) / 1000 };
}

/** Signs a new client up through the API as the SPA does (XSRF cookie first); answers its Cookie header and XSRF token. */
async function signUpClient(index) {
  const jar = keepCookies(new Map(), await fetch(`${api}/api/bookings/settings`));
  const xsrfOf = () => decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
  const cookieOf = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${api}/home/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieOf(), 'x-xsrf-token': xsrfOf() },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: `Cliente ${index}`,
      email: `bench-${index}@bench.oficios.test`,
      password: 'secreto-bench-123',
      phoneNumber: '+54 11 4444-5555',
      address: 'Calle Falsa 123',
      profileImg: null,
      isClient: true,
    }),
  });
  if (response.status !== 201 && response.status !== 200) throw new Error(`registro ${index}: ${response.status} ${await response.text()}`);
  keepCookies(jar, response);
  if (!xsrfOf()) throw new Error('el registro no dio XSRF-TOKEN');
  return { cookie: cookieOf(), xsrf: xsrfOf() };
}

async function main() {
  await checkServices(`${server}/postgres`, redisUrl);
  if (process.env.BENCH_SKIP_BUILD !== '1') run('npm', ['run', 'build', '-w', '@oficios/domain', '-w', '@oficios/api']);
  const domain = await import(new URL('../../libs/domain/dist/index.js', import.meta.url).href);

  console.log(`\n▶ ${databaseName}: ${professionals.toLocaleString('es-AR')} profesionales y ${bookings.toLocaleString('es-AR')} reservas`);
  await withClient(`${server}/postgres`, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${databaseName}"`);
  });
  databaseCreated = true;
  const env = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'error' };
  run('node', ['apps/api/dist/database/migrate.js'], { env });
  run('node', ['apps/api/dist/database/seed/run-seed.js', '--professionals', String(professionals)], { env });

  const settings = { timeZone: domain.BOOKING_DEFAULTS.timeZone, minLeadHours: 24, horizonDays: 60 };
  const today = domain.todayIn(Date.now(), settings.timeZone);
  const started = Date.now();
  const { proIds, terms } = await withClient(databaseUrl, async (db) => {
    const rows = (await db.query('SELECT id, available_days AS "availableDays" FROM professionals ORDER BY id')).rows;
    // The bookings' client: one of the seeded ones.
    const [{ id: clientId }] = (await db.query(`SELECT id FROM users WHERE type = 'cliente' ORDER BY id LIMIT 1`)).rows;
    const booked = rows.slice(0, bookedProfessionals).map((row) => row.id);
    // One order, line and hold per booking: professional i % n, date today + 1 + floor(i / n), paid and confirmed.
    await db.query(
      `WITH series AS (
         SELECT i, ($2::int[])[1 + i % cardinality($2::int[])] AS professional_id,
                ($3::date + 1 + i / cardinality($2::int[]))::date AS date
         FROM generate_series(0, $4::int - 1) AS i
       ), new_orders AS (
         INSERT INTO orders (client_id, amount_cents, status) SELECT $1, 1000000, 'procesando' FROM series RETURNING id
       ), numbered_orders AS (
         SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM new_orders
       ), new_lines AS (
         INSERT INTO bookings (order_id, client_id, professional_id, days, dates, reservation_amount_cents, status, line_status)
         SELECT o.id, $1, s.professional_id, ARRAY['lunes'], ARRAY[s.date], 1000000, 'procesando', 'confirmed'
         FROM numbered_orders o JOIN series s USING (i)
         RETURNING id, professional_id, dates[1] AS date
       )
       INSERT INTO booking_holds (line_id, professional_id, date, booked_at)
       SELECT id, professional_id, date, now() FROM new_lines`,
      [clientId, booked, today, bookings],
    );
    await db.query('VACUUM (ANALYZE)');
    return { proIds: booked, terms: rows.slice(bookedProfessionals) };
  });
  console.log(`  ${bookings.toLocaleString('es-AR')} reservas en ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const serviceEnv = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    PORT: String(apiPort),
    PUBLIC_API_URL: api,
    LOG_LEVEL: 'error',
    LISTING_CACHE_TTL_MS: '0',
    AVAILABILITY_CACHE_TTL_MS: '0',
    // The sign-ups' verification mails go to a throwaway folder.
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'oficios-bench-mail-')),
  };
  apiProcess = serve('api reservas', 'node', apiNodeArgs('apps/api/dist/main.js'), {
    ...serviceEnv,
    WORKERS: workers === 'embedded' ? 'embedded' : 'off',
  });
  if (workers === 'separate') workerProcess = serve('worker reservas', 'node', [...API_NODE_FLAGS, 'apps/api/dist/worker.js'], serviceEnv);
  console.log(`  workers: ${workers === 'embedded' ? 'en la API' : 'un proceso aparte (la API con WORKERS=off)'}`);
  await waitForHttp(`${api}/health`, 60_000);

  // 1. Availability of the busiest professionals (each has up to 40 holds in its 60 days), uncached.
  const paths = proIds.slice(0, 200).map((id) => `/home/professionals/${id}/availability`);
  const probe = await (await fetch(`${api}${paths[0]}`)).json();
  if (!Array.isArray(probe.dates)) throw new Error(`availability no respondió fechas: ${JSON.stringify(probe).slice(0, 200)}`);
  let next = 0;
  const availabilityOptions = (seconds) => ({
    connections: availabilityConnections,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  await measure('availability (calentamiento)', availabilityOptions(2));
  const availability = await measure('availability', availabilityOptions(duration));

  // 2. Checkout: each client's cart has 3 lines, each one date no one holds, of a professional not booked above.
  const signUps = checkoutWarmup + checkouts + checkoutsAlone;
  console.log(`  registrando ${signUps} clientes…`);
  const clients = [];
  for (let start = 0; start < signUps; start += 8) {
    clients.push(...(await Promise.all(Array.from({ length: Math.min(8, signUps - start) }, (_, k) => signUpClient(start + k)))));
  }
  const freeDates = new Map(
    terms.map((row) => [
      row.id,
      domain.bookableDates({ now: Date.now() + 3_600_000, availableDays: row.availableDays ?? [], ...settings }),
    ]),
  );
  const carts = await withClient(databaseUrl, async (db) => {
    const ids = [];
    let slot = 0;
    for (let index = 0; index < clients.length; index += 1) {
      const [{ id: cartId }] = (
        await db.query(
          `INSERT INTO carts (client_id) VALUES ((SELECT id FROM users WHERE email = $1)) ON CONFLICT (client_id) DO UPDATE SET updated_at = now() RETURNING id`,
          [`bench-${index}@bench.oficios.test`],
        )
      ).rows;
      for (let line = 0; line < 3; line += 1) {
        // Round-robin over the free professionals, then over their dates: every (professional, date) used once.
        let professional;
        let date;
        do {
          professional = terms[slot % terms.length].id;
          date = freeDates.get(professional)[Math.floor(slot / terms.length)];
          slot += 1;
          if (slot > terms.length * 60) throw new Error('no hay fechas libres para tantos carritos');
        } while (!date);
        await db.query(
          `INSERT INTO cart_details (cart_id, professional_id, days, dates) VALUES ($1, $2, ARRAY[$3::text], ARRAY[$4::date])
           ON CONFLICT DO NOTHING`,
          [cartId, professional, domain.weekdayOf(date), date],
        );
      }
      ids.push(cartId);
    }
    return ids;
  });
  // Each client checks out once: the warm-up takes the first ones, the measured run the others.
  let turn = 0;
  const checkoutOptions = (amount, connections = checkoutConnections) => ({
    connections,
    amount,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const index = turn++;
          return {
            ...request,
            path: '/api/orders',
            headers: {
              'content-type': 'application/json',
              cookie: clients[index].cookie,
              'x-xsrf-token': clients[index].xsrf,
            },
            body: JSON.stringify({ cartId: carts[index] }),
          };
        },
      },
    ],
  });
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const queues = Object.values(domain.QUEUES);
  let backlog;
  let checkout;
  let alone;
  try {
    await measure('checkout (calentamiento)', checkoutOptions(checkoutWarmup));
    // The warm-up's own jobs (its orders' notices) are done before the measured run, which starts from a quiet API.
    await drainJobs(redis, queues);
    checkout = await measure('checkout (3 líneas)', checkoutOptions(checkouts));
    // The jobs its checkouts caused that the workers left for later (they take their turns with the requests): run
    // before the one-at-a-time measurement, which is of a client alone.
    backlog = await drainJobs(redis, queues);
    alone = await measure('checkout (3 líneas), de a uno', checkoutOptions(checkoutsAlone, 1));
  } finally {
    redis.disconnect();
  }

  const rows = [availability, checkout, alone];
  // The API is idle by now: the machine's own speed, to read the figures above by.
  const bareRps = await bareNodeRps(checkoutConnections);
  console.log('\n| medición | conexiones | pedidos | req/s | p50 ms | p99 ms | máx ms | CPU API ms/pedido | CPU pg+redis ms/pedido |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.label} | ${row.connections} | ${row.requests} | ${row.rps.toFixed(0)} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.max.toFixed(1)} | ${row.apiCpuMs.toFixed(2)} | ${row.servicesCpuMs.toFixed(2)} |`,
    );
  }
  console.log(
    `\nAl terminar el checkout medido sus trabajos pendientes (avisos de orden creada) eran ${backlog.left}: las colas los hicieron en ${backlog.seconds.toFixed(1)} s más.`,
  );
  console.log(`Esta máquina ahora: Node http desnudo ${Math.round(bareRps)} req/s a ${checkoutConnections} conexiones.`);
  const targets = [
    { name: `availability p99 ≤ 20 ms sin caché (${bookings.toLocaleString('es-AR')} reservas)`, pass: availability.p99 <= 20 },
    { name: `checkout de 3 líneas p99 ≤ 100 ms a ${checkoutConnections} conexiones`, pass: checkout.p99 <= 100 },
  ];
  console.log('\nObjetivos (issue 11):');
  for (const target of targets) console.log(`  ${target.pass ? 'PASS' : 'MISS'}  ${target.name}`);
  mkdirSync(`${root}test-results`, { recursive: true });
  writeFileSync(
    `${root}test-results/bench-bookings.json`,
    JSON.stringify({ bookings, professionals, workers, bareRps, rows, jobsLeftByCheckout: backlog, targets }, null, 2),
  );
}

try {
  await main();
} catch (error) {
  console.error(`✖ ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
