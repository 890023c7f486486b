// Load benchmark of messaging (issue 12), the third part of `npm run bench` (alone: `npm run bench:messaging`).
//
// One database, one built API process (WORKERS=embedded, the default: what `npm start` runs; posting a message only
// adds a mail job delayed by MESSAGE_MAIL_DELAY_MINUTES, which never comes due during the run, so the embedded
// workers cost only their idle polling) with MESSAGE_RATE_LIMIT raised far above what the bench sends (the limiter
// is still asked, in Redis, for every message: only its refusals are out of the picture). BENCH_MESSAGING_PAIRS
// clients and professionals sign up through the API as browsers do, each client opens a conversation with its
// professional, and every one of them connects a socket.io socket (websocket, the session cookie in the handshake,
// the XSRF token in `auth.xsrf`). Then messages are posted through HTTP (`POST /api/conversations/:id/messages`) on
// an open-loop timer schedule (the next one leaves when its time comes, answered or not), alternately by the client
// and the professional of each pair in turn; each text carries its send time (`bench m<seq>t<µs>`), and the delay is
// from the post to the `message:new` on the recipient's socket:
//   1. BENCH_MESSAGING_RATE messages/s for BENCH_DURATION seconds (after 2 s of warm-up at a tenth of it);
//   2. a ramp, BENCH_MESSAGING_STEP seconds at each of BENCH_MESSAGING_RAMP, stopped at the first rate whose p99
//      exceeds 50 ms (or that loses a message or gets an error): the largest rate before it is reported.
// After each step the bench waits for every answer and delivery, BENCH_MESSAGING_DRAIN seconds at most: a message
// not delivered by then is "sin llegar" for its step (infinitely late in its percentiles; the end of the run tells
// how many arrived later and how many never did), and before the next step for the answers still pending (an
// overloaded step leaves a backlog in the API; 120 s at most, else the ramp ends). A step holds when its p99 is
// ≤ 50 ms with no error, no message missing and none delivered twice. Target (issue 12): that at 300 messages/s on
// one API process. Prints PASS/MISS (a report: the exit code stays 0 unless something fails), writes
// test-results/bench-messaging.json, drops the database (BENCH_KEEP_DB=1 keeps it). Each step also reports the CPU
// used by the API (and its CPU time per message), by this process (the load generator and the 2 × pairs sockets), by
// Postgres + Redis and by everything else on the machine, and this process's worst event-loop delay: on a shared
// machine, a slow step with a busy "otros" column or a long "bucle bench" is noise, not the API. The posts share at
// most one kept-alive connection per user; one whose connection the server had just closed (ECONNRESET before any
// answer) is retried once, its delay counted from the first attempt.
//
// Environment (besides BENCH_DURATION, BENCH_API_PORT, BENCH_SKIP_BUILD, BENCH_KEEP_DB,
// BENCH_DATABASE_SERVER_URL and REDIS_URL as in run-bench.mjs):
//   BENCH_MESSAGING_PAIRS=100            client + professional pairs (one conversation and two sockets each)
//   BENCH_MESSAGING_RATE=300             messages/s of the measured step (target p99 ≤ 50 ms)
//   BENCH_MESSAGING_RAMP=100,200,300,400,600,800,1000,1200,1600   rates of the ramp, in order
//   BENCH_MESSAGING_STEP=5               seconds per ramp step
//   BENCH_MESSAGING_DRAIN=10             seconds to wait, after a step's last post, for its answers and deliveries
//   BENCH_API_NODE_ARGS=                 node flags for the API (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof")
import http from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { checkServices, root, run, serve, waitForHttp } from '../../scripts/lib.mjs';
import {
  apiNodeArgs,
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

function rateList(name, fallback) {
  const raw = process.env[name] || fallback;
  const rates = raw.split(',').map((item) => Number(item.trim()));
  if (rates.some((rate) => !Number.isInteger(rate) || rate < 1)) {
    console.error(`✖ ${name}=${raw} debe ser una lista de enteros positivos separados por comas`);
    process.exit(1);
  }
  return rates;
}

const pairs = positiveInteger('BENCH_MESSAGING_PAIRS', 100);
const mainRate = positiveInteger('BENCH_MESSAGING_RATE', 300);
const ramp = rateList('BENCH_MESSAGING_RAMP', '100,200,300,400,600,800,1000,1200,1600');
const stepSeconds = positiveInteger('BENCH_MESSAGING_STEP', 5);
const drainSeconds = positiveInteger('BENCH_MESSAGING_DRAIN', 10);
const duration = positiveInteger('BENCH_DURATION', 8);
const apiPort = positiveInteger('BENCH_API_PORT', 3301);
const keepDb = process.env.BENCH_KEEP_DB === '1';
const server = databaseServer;
const host = '127.0.0.1';
const api = `http://${host}:${apiPort}`;
const databaseName = 'oficios_bench_messaging';
const databaseUrl = `${server}/${databaseName}`;
/** The target of issue 12: post → recipient's socket, p99. */
const TARGET_P99_MS = 50;
/** How long a step may wait for the answers still pending from the steps before it. */
const BACKLOG_SECONDS = 120;
/** Far above any rate of the ramp per user (MESSAGE_RATE_LIMIT allows at most 6 digits). */
const RATE_LIMIT = '100000/1';

let apiProcess = null;
let databaseCreated = false;
const sockets = [];
/** Sockets the server dropped during the run (not the bench's own closing at the end). */
const disconnects = [];
let closing = false;
/**
 * Kept-alive connections for the posts: at most one per user, as many as the users' browsers would hold (an API that
 * falls behind would otherwise get a new connection per waiting post, past its listen backlog). A post waiting for a
 * free connection is late by that wait: it is stamped when its time comes, not when a connection takes it.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 2 * pairs });

/** Stops the API and waits for it to exit (a --cpu-prof profile is written on the way out). */
function stopApi() {
  const child = apiProcess;
  apiProcess = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.stop('SIGKILL');
      resolve();
    }, 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function cleanup() {
  closing = true;
  for (const socket of sockets) socket.disconnect();
  agent.destroy();
  await stopApi();
  if (databaseCreated && !keepDb) {
    await withClient(`${server}/postgres`, (client) => client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
    console.log(`\nBase borrada: ${databaseName}`);
  }
  await dropBenchRedisKeys().catch((error) => console.error(`✖ no se pudieron borrar las claves de Redis: ${error.message}`));
}

/** A delay for the report: "> drain" for one that never came in its step. */
function ms(value) {
  return Number.isFinite(value) ? value.toFixed(1) : `> ${drainSeconds * 1000}`;
}

// ---------------------------------------------------------------- accounts and sockets

/** Signs a client or a professional up through the API as the SPA does (XSRF cookie first). */
async function signUp(index, professional) {
  const jar = keepCookies(new Map(), await fetch(`${api}/api/bookings/settings`));
  const xsrfOf = () => decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
  const cookieOf = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const role = professional ? 'pro' : 'cliente';
  const response = await fetch(`${api}/home/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieOf(), 'x-xsrf-token': xsrfOf() },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: `${professional ? 'Profesional' : 'Cliente'} ${index}`,
      email: `bench-${role}-${index}@bench.oficios.test`,
      password: 'secreto-bench-123',
      phoneNumber: '+54 11 4444-5555',
      address: 'Calle Falsa 123',
      profileImg: null,
      ...(professional
        ? {
            isProfessional: true,
            professions: ['plomero'],
            dayPrice: 10000,
            availableDays: ['lunes', 'martes', 'miercoles', 'jueves', 'viernes'],
          }
        : { isClient: true }),
    }),
  });
  const body = await response.text();
  if (response.status !== 201 && response.status !== 200) throw new Error(`registro ${role} ${index}: ${response.status} ${body}`);
  keepCookies(jar, response);
  if (!xsrfOf()) throw new Error('el registro no dio XSRF-TOKEN');
  const { dataValues } = JSON.parse(body);
  if (!Number.isInteger(dataValues?.id)) throw new Error(`registro ${role} ${index}: sin id en ${body.slice(0, 200)}`);
  return { id: dataValues.id, cookie: cookieOf(), xsrf: xsrfOf() };
}

async function openConversation(client, professional) {
  const response = await fetch(`${api}/api/conversations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: client.cookie, 'x-xsrf-token': client.xsrf },
    body: JSON.stringify({ professionalId: professional.id }),
  });
  const body = await response.text();
  if (response.status !== 201) throw new Error(`POST /api/conversations: ${response.status} ${body.slice(0, 200)}`);
  return JSON.parse(body).id;
}

/** A browser's socket: websocket, the session cookie in the handshake, the XSRF token in auth; resolves once connected. */
function connect(user, onMessage) {
  const socket = io(api, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: user.cookie },
    auth: { xsrf: user.xsrf },
  });
  sockets.push(socket);
  socket.on('message:new', (message) => onMessage(user, message));
  // An API too busy to answer its pings for pingTimeout drops the socket: what is sent to that user after it never
  // arrives live (a browser would reconnect and fetch it), so it is counted.
  socket.on('disconnect', (reason) => {
    if (!closing) disconnects.push({ userId: user.id, reason, at: performance.now() });
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', (error) => reject(new Error(`socket de ${user.id}: ${error.message}`)));
  });
}

/** Runs `work` over the items, `width` at a time. */
async function inBatches(items, width, work) {
  const results = [];
  for (let start = 0; start < items.length; start += width) {
    results.push(...(await Promise.all(items.slice(start, start + width).map(work))));
  }
  return results;
}

/** The `waiting` counts of /health's queues, summed. */
function waitingJobs(health) {
  if (!health || typeof health !== 'object') return 0;
  return Object.entries(health).reduce(
    (sum, [key, value]) => sum + (key === 'waiting' && typeof value === 'number' ? value : waitingJobs(value)),
    0,
  );
}

/** Resolves once the sign-ups' outbox events are relayed and no queue has work waiting (their mails, the catalogue). */
async function waitForIdleQueues(timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = await withClient(
      databaseUrl,
      async (db) => (await db.query('SELECT count(*)::int AS n FROM outbox_events WHERE sent_at IS NULL')).rows[0].n,
    );
    const waiting = waitingJobs(await (await fetch(`${api}/health`)).json());
    if (pending === 0 && waiting === 0) return;
    if (Date.now() > deadline) throw new Error(`las colas no se vaciaron: ${pending} eventos sin enviar, ${waiting} trabajos en espera`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// ---------------------------------------------------------------- the load

/** Where each message is: its post (sender, conversation, send time) and what came back. */
const messages = [];
/** Resolves the current step's drain once its last message is answered and delivered. */
let drained = null;
let outstanding = 0;
/** Posts not answered yet, whatever their step; `quiet` resolves when none is left. */
let unanswered = 0;
let quiet = null;

function answered() {
  unanswered -= 1;
  if (unanswered === 0 && quiet) quiet();
}

/**
 * Before a step: every post of the steps before it answered (an overloaded step leaves a backlog in the API, which
 * would be measured as the next step's delay). False when they are still not answered after `seconds`.
 */
async function waitForAnswers(seconds) {
  if (unanswered === 0) return true;
  console.log(`  esperando ${unanswered} respuestas de los pasos anteriores…`);
  let timer;
  const done = await Promise.race([
    new Promise((resolve) => (quiet = () => resolve(true))),
    new Promise((resolve) => (timer = setTimeout(() => resolve(false), seconds * 1000))),
  ]);
  clearTimeout(timer);
  quiet = null;
  return done;
}

/** A message is done once answered and, unless refused, delivered; one closed by its step's end counts no more. */
function settle(record) {
  if (record.done || record.closed || record.answeredAt === undefined) return;
  if (!record.error && record.deliveredAt === undefined) return;
  record.done = true;
  outstanding -= 1;
  if (outstanding === 0 && drained) drained();
}

/** Called on each late arrival while the end of the run waits for them. */
let lateArrival = null;

/**
 * At the end, once every post is answered: the deliveries still on their way (each one leaves before its answer, on
 * another connection) arrive, `seconds` at most. Answers the messages that never came.
 */
async function lateDeliveries(seconds) {
  const missing = () => messages.filter((record) => record.closed && !record.error && record.deliveredAt === undefined && !record.late);
  if (missing().length === 0) return [];
  let timer;
  await Promise.race([
    new Promise((resolve) => (lateArrival = () => missing().length === 0 && resolve())),
    new Promise((resolve) => (timer = setTimeout(resolve, seconds * 1000))),
  ]);
  clearTimeout(timer);
  lateArrival = null;
  return missing();
}

/** `message:new` on a socket: the recipient's copy is the measurement (the sender's own tabs get one too). */
function onMessage(user, message) {
  if (message.senderId === user.id) return;
  const match = /^bench m(\d+)t(\d+)$/.exec(message.text);
  const deliveredAt = performance.now();
  if (!match) {
    console.error(`✖ texto inesperado en message:new: ${JSON.stringify(message.text)}`);
    return;
  }
  const record = messages[Number(match[1])];
  if (!record || record.recipientId !== user.id) {
    console.error(`✖ message:new ${match[1]} llegó a quien no era (usuario ${user.id})`);
    return;
  }
  if (record.deliveredAt !== undefined || record.late) {
    record.duplicates += 1;
    return;
  }
  if (record.closed) {
    // After its step's drain gave up: missing for that step all the same.
    record.late = true;
    lateArrival?.();
    return;
  }
  record.deliveredAt = deliveredAt;
  // The delay is read from the text: its send time, in µs of this process's clock.
  record.delayMs = deliveredAt - Number(match[2]) / 1000;
  settle(record);
}

/**
 * Posts the message. A kept-alive connection the server closed as it was reused (ECONNRESET before any answer: the
 * server never read the request) is retried once on a new one, as Node's documentation advises; the text keeps its
 * first send time, so the retry's cost is in the delay.
 */
function post(record, sender, body) {
  if (body === undefined) {
    unanswered += 1;
    record.sentAt = performance.now();
    body = JSON.stringify({ text: `bench m${record.seq}t${Math.round(record.sentAt * 1000)}` });
  }
  const request = http.request(
    `${api}/api/conversations/${record.conversationId}/messages`,
    {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        cookie: sender.cookie,
        'x-xsrf-token': sender.xsrf,
      },
    },
    (response) => {
      let answer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (answer += chunk));
      response.on('end', () => {
        record.answeredAt = performance.now();
        answered();
        if (response.statusCode !== 201) record.error = `${response.statusCode} ${answer.slice(0, 200)}`;
        settle(record);
      });
    },
  );
  request.on('error', (error) => {
    if (request.reusedSocket && error.code === 'ECONNRESET' && !record.retried) {
      record.retried = true;
      post(record, sender, body);
      return;
    }
    record.answeredAt = performance.now();
    answered();
    record.error = error.message;
    settle(record);
  });
  request.end(body);
}

/**
 * One step: `rate` messages/s for `seconds`, each sent at its scheduled time (start + i / rate) whatever the answers
 * before it; then waits for the step's answers and deliveries. Answers the step's figures.
 */
async function step(label, rate, seconds, pairsOf) {
  const total = Math.round(rate * seconds);
  const first = messages.length;
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  const cpuBefore = cpuSnapshot(apiProcess.pid);
  loopDelay.enable();
  outstanding += total;
  const allSettled = new Promise((resolve) => (drained = resolve));
  const start = performance.now();
  let sent = 0;
  let worstSlip = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - start) * rate) / 1000) + 1);
      for (; sent < due; sent += 1) {
        const seq = first + sent;
        const pair = pairsOf[seq % pairsOf.length];
        // Each pair's messages alternate: the client's, then the professional's.
        const fromClient = Math.floor(seq / pairsOf.length) % 2 === 0;
        const sender = fromClient ? pair.client : pair.professional;
        const record = {
          seq,
          conversationId: pair.conversationId,
          recipientId: (fromClient ? pair.professional : pair.client).id,
          duplicates: 0,
        };
        messages.push(record);
        worstSlip = Math.max(worstSlip, now - (start + (sent * 1000) / rate));
        post(record, sender);
      }
      if (sent >= total) return resolve();
      setTimeout(tick, Math.max(0, start + (sent * 1000) / rate - performance.now()));
    };
    tick();
  });
  const sendSeconds = (performance.now() - start) / 1000;
  let timer;
  const timedOut = await Promise.race([
    allSettled.then(() => false),
    new Promise((resolve) => (timer = setTimeout(() => resolve(true), drainSeconds * 1000))),
  ]);
  clearTimeout(timer);
  loopDelay.disable();
  const cpu = cpuUse(cpuBefore, cpuSnapshot(apiProcess.pid));
  const records = messages.slice(first);
  // What did not settle in time is missing for this step, and must not hold up the next one's drain.
  for (const record of records) {
    if (record.done) continue;
    record.closed = true;
    outstanding -= 1;
  }
  drained = null;
  const errors = records.filter((record) => record.error);
  // Delivered in time counts, even when its answer came after (the socket gets the message before the poster's answer).
  const undelivered = records.filter((record) => !record.error && record.deliveredAt === undefined).length;
  // One not delivered in time is slower than any delivered: it counts in the percentiles as infinitely late.
  const delays = Float64Array.from(
    records.filter((record) => !record.error).map((record) => (record.deliveredAt !== undefined ? record.delayMs : Infinity)),
  ).sort();
  const answers = Float64Array.from(
    records
      .filter((record) => !record.error)
      .map((record) => (record.answeredAt !== undefined ? record.answeredAt - record.sentAt : Infinity)),
  ).sort();
  const row = {
    label,
    rate,
    seconds,
    messages: total,
    sentPerSecond: total / sendSeconds,
    worstSlipMs: worstSlip,
    errors: errors.length,
    firstError: errors[0]?.error ?? null,
    undelivered,
    duplicates: records.reduce((sum, record) => sum + record.duplicates, 0),
    retried: records.filter((record) => record.retried).length,
    timedOut,
    p50: percentile(delays, 0.5),
    p99: percentile(delays, 0.99),
    max: delays.length ? delays[delays.length - 1] : NaN,
    answerP50: percentile(answers, 0.5),
    answerP99: percentile(answers, 0.99),
    benchLoopDelayMaxMs: loopDelay.max / 1e6,
    cpu,
    // What one message costs the API (its post, the deliveries, the mail job), whatever else the machine runs.
    apiCpuMsPerMessage: cpu ? cpu.apiMs / total : null,
  };
  row.holds = row.errors === 0 && row.undelivered === 0 && row.duplicates === 0 && row.p99 <= TARGET_P99_MS;
  if (row.firstError) console.error(`  ${label}: ${row.errors} errores, el primero: ${row.firstError}`);
  const cpuText = cpu
    ? `, CPU % de un núcleo: API ${cpu.api}, bench ${cpu.bench}, pg+redis ${cpu.services}, otros ${cpu.others}` +
      ` (API ${row.apiCpuMsPerMessage.toFixed(2)} ms de CPU por mensaje)`
    : '';
  console.log(
    `  ${label}: ${rate}/s × ${seconds} s → p50 ${ms(row.p50)} ms, p99 ${ms(row.p99)} ms, máx ${ms(row.max)} ms` +
      `${row.undelivered ? `, ${row.undelivered} sin llegar en ${drainSeconds} s` : ''}${cpuText}`,
  );
  return row;
}

// ---------------------------------------------------------------- main

async function main() {
  await checkServices(`${server}/postgres`, redisUrl);
  if (process.env.BENCH_SKIP_BUILD !== '1') run('npm', ['run', 'build', '-w', '@oficios/domain', '-w', '@oficios/api']);

  console.log(`\n▶ ${databaseName}: ${pairs} clientes, ${pairs} profesionales, ${pairs} conversaciones, ${2 * pairs} sockets`);
  await withClient(`${server}/postgres`, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${databaseName}"`);
  });
  databaseCreated = true;
  const env = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'error' };
  run('node', ['apps/api/dist/database/migrate.js'], { env });
  // The professions (and the administrator): the professionals sign up with one.
  run('node', ['apps/api/dist/database/seed/run-seed.js', '--professionals', '0'], { env });

  apiProcess = serve('api mensajes', 'node', apiNodeArgs('apps/api/dist/main.js'), {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `bench:messaging:${process.pid}`,
    PORT: String(apiPort),
    PUBLIC_API_URL: api,
    LOG_LEVEL: 'error',
    // serve() merges process.env: the bench's own values, whatever the shell has.
    WORKERS: 'embedded',
    MESSAGE_RATE_LIMIT: RATE_LIMIT,
    MESSAGE_MAIL_DELAY_MINUTES: '',
    // The sign-ups' verification mails go to a throwaway folder.
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'oficios-bench-mail-')),
  });
  const exited = new Promise((_, reject) =>
    apiProcess.once('exit', (code, signal) => reject(new Error(`La API terminó antes de responder (código ${code ?? signal})`))),
  );
  exited.catch(() => {});
  await Promise.race([waitForHttp(`${api}/health`, 60_000), exited]);

  let started = performance.now();
  const indexes = Array.from({ length: pairs }, (_, index) => index);
  const clients = await inBatches(indexes, 8, (index) => signUp(index, false));
  const professionals = await inBatches(indexes, 8, (index) => signUp(index, true));
  const pairList = await inBatches(indexes, 16, async (index) => ({
    client: clients[index],
    professional: professionals[index],
    conversationId: await openConversation(clients[index], professionals[index]),
  }));
  console.log(`  ${2 * pairs} registros y ${pairs} conversaciones en ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  await inBatches([...clients, ...professionals], 20, (user) => connect(user, onMessage));
  console.log(`  ${sockets.length} sockets conectados en ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await waitForIdleQueues();

  await step('calentamiento', Math.max(10, Math.round(mainRate / 10)), 2, pairList);
  await waitForAnswers(BACKLOG_SECONDS);
  const main = await step(`${mainRate}/s sostenido`, mainRate, duration, pairList);
  const rampRows = [];
  for (const rate of ramp) {
    if (!(await waitForAnswers(BACKLOG_SECONDS))) {
      console.log(`  la API no respondió lo pendiente en ${BACKLOG_SECONDS} s: fin de la rampa`);
      break;
    }
    const row = await step(`rampa ${rate}/s`, rate, stepSeconds, pairList);
    rampRows.push(row);
    if (!row.holds) break;
  }
  // The API answers what is still pending before it stops; then whatever never reached its recipient is known.
  await waitForAnswers(BACKLOG_SECONDS);
  const never = (await lateDeliveries(5)).length;
  const missing = messages.filter((record) => record.closed && !record.error && record.deliveredAt === undefined).length;
  if (missing) console.log(`\n${missing} mensajes no llegaron en su paso: ${missing - never} llegaron después, ${never} nunca`);
  if (disconnects.length)
    console.log(
      `${disconnects.length} sockets cerrados por la API durante la prueba (${[...new Set(disconnects.map((entry) => entry.reason))].join(', ')}): ` +
        'lo enviado a esos usuarios después no llega en vivo',
    );
  const held = rampRows.filter((row, index) => row.holds && rampRows.slice(0, index).every((before) => before.holds));
  const largestRate = held.length ? held[held.length - 1].rate : null;

  const rows = [main, ...rampRows];
  console.log(
    '\n| paso | msj/s | mensajes | enviados/s | p50 ms | p99 ms | máx ms | respuesta p99 ms | sin llegar | errores | CPU API/bench/pg+redis/otros % | CPU API ms/msj | bucle bench máx ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const cpu = row.cpu ? `${row.cpu.api}/${row.cpu.bench}/${row.cpu.services}/${row.cpu.others}` : '–';
    console.log(
      `| ${row.label} | ${row.rate} | ${row.messages} | ${row.sentPerSecond.toFixed(0)} | ${ms(row.p50)} | ${ms(row.p99)} | ` +
        `${ms(row.max)} | ${ms(row.answerP99)} | ${row.undelivered} | ${row.errors} | ${cpu} | ${row.apiCpuMsPerMessage?.toFixed(2) ?? '–'} | ${row.benchLoopDelayMaxMs.toFixed(0)} |`,
    );
  }
  const ceiling = rampRows.length === ramp.length && rampRows.every((row) => row.holds);
  console.log(
    `\nMayor tasa con p99 ≤ ${TARGET_P99_MS} ms: ${largestRate === null ? 'ninguna de la rampa' : `${largestRate} mensajes/s${ceiling ? ' (la última de la rampa: puede dar más)' : ''}`}`,
  );
  const targets = [
    {
      name: `mensajes: del POST al socket del destinatario p99 ≤ ${TARGET_P99_MS} ms a ${mainRate}/s, ${2 * pairs} sockets, un proceso, ninguno perdido`,
      pass: main.holds,
    },
  ];
  console.log('\nObjetivos (issue 12):');
  for (const target of targets) console.log(`  ${target.pass ? 'PASS' : 'MISS'}  ${target.name}`);
  mkdirSync(`${root}test-results`, { recursive: true });
  writeFileSync(
    `${root}test-results/bench-messaging.json`,
    JSON.stringify(
      {
        pairs,
        sockets: sockets.length,
        rateLimit: RATE_LIMIT,
        missing,
        never,
        disconnects: disconnects.length,
        workers: 'embedded',
        targetP99Ms: TARGET_P99_MS,
        rows,
        largestRate,
        targets,
      },
      null,
      2,
    ),
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
