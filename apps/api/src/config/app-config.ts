import type { HeldDatesLimits } from '@oficios/domain';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { DEMO_ADMIN_PASSWORD } from './demo';
import { ConfigError, flag, integer, trustProxy, url, type Env } from './env-parsers';
import { productionProblems, productionRefusal, SESSION_SECRET_MIN_LENGTH } from './production-checks';

/**
 * Typed configuration read from the environment once at start-up. Defaults are
 * safe: every stand-in is off unless asked for (`npm start` asks with
 * DEMO_MODE=true); a bad value stops the process with a message naming the variable.
 */
export interface AppConfig {
  port: number;
  databaseUrl: string;
  /** Connections of this process's Postgres pool. */
  databasePoolSize: number;
  /**
   * How long a request waits for one of the pool's connections before it is answered 503 (a stuck pool fails the
   * waiting requests, which roll back and free what they held, instead of hanging every later request too).
   */
  databasePoolTimeoutMs: number;
  redisUrl: string;
  /** Key prefix for everything this deployment keeps in Redis (tests use their own). */
  redisPrefix: string;
  /** Browser origins allowed to call the API with credentials. */
  webOrigins: string[];
  /** Where the API is reachable by browsers (absolute links, OpenAPI). */
  publicApiUrl: string;
  adminEmail: string;
  /** The administrator the seed creates; null (none) without ADMIN_PASSWORD outside the demo. */
  adminPassword: string | null;
  /**
   * The stand-ins of the local demo, each an explicit opt-in: DEMO_MODE=true switches on all of them, and each
   * flag (PAYMENTS_SANDBOX, GOOGLE_STAND_IN, DEMO_ACCOUNTS) can still say otherwise. Never in production.
   */
  demo: { mode: boolean; paymentsSandbox: boolean; googleStandIn: boolean; accounts: boolean };
  /**
   * TEST_CLOCK (browser tests only): the booking rules read a clock that `PUT /dev/clock {offsetMs}` moves; without
   * it /dev/clock does not exist. Never in production.
   */
  testClock: boolean;
  /** Which proxies may tell the client's address (TRUST_PROXY; Fastify's `trustProxy`, a hop count as Express counted it). Off by default. */
  trustProxy: boolean | number | string;
  /** OpenAPI at /docs (API_DOCS=false turns it off). */
  apiDocs: boolean;
  /** How long a cached listing page may be served before it is rebuilt. */
  listingCacheTtlMs: number;
  /** How long a cached availability answer may be served (changes drop it sooner); 0 turns the cache off. */
  availabilityCacheTtlMs: number;
  logLevel: 'error' | 'warn' | 'log' | 'debug';
  /** JSON lines with NODE_ENV=production (for a log collector), readable lines otherwise. */
  logFormat: 'json' | 'pretty';
  /** Where links in e-mails point (the SPA). */
  webUrl: string;
  session: { secret: string; secretIsEphemeral: boolean; ttlHours: number; secureCookies: boolean };
  /**
   * Real Google when a client id is set. Otherwise, with GOOGLE_STAND_IN (or DEMO_MODE), the local stand-in at
   * /dev/google, which serves only the demo domain; with neither, Google sign-in is off.
   */
  google: {
    enabled: boolean;
    clientId: string;
    clientSecret: string;
    authUrl: string;
    tokenUrl: string;
    userInfoUrl: string;
    standIn: boolean;
  };
  mail: { smtpUrl: string | null; from: string; outboxDir: string };
  /**
   * Public pictures (`dir`, served at /uploads) and private ones (`privateDir`: photos of messages, served only by
   * authorized routes; MESSAGE_IMAGES_DIR, by default `message-images` beside the uploads folder).
   */
  uploads: { dir: string; privateDir: string; maxBytes: number };
  /**
   * Conversations: MESSAGE_MAIL_DELAY_MINUTES before an unread message is mailed (one mail per
   * conversation and window); MESSAGE_RATE_LIMIT messages per user per `rateWindowSeconds` ("20/10": 20 in 10 s).
   */
  messages: { mailDelayMinutes: number; rateLimit: number; rateWindowSeconds: number };
  /**
   * Live sockets: at most SOCKETS_PER_USER open per user in every API process together (a new one closes the user's
   * oldest), and new handshakes at most SOCKET_CONNECT_RATE_LIMIT per user and SOCKET_ADDRESS_CONNECT_RATE_LIMIT
   * per address ("30/60": 30 in 60 s), counted in Redis.
   */
  realtime: { socketsPerUser: number; connectRate: Rate; addressConnectRate: Rate };
  /**
   * Password sign-in: LOGIN_MAX_FAILURES per account (ten times as many per address) in LOGIN_LOCK_MINUTES. A browser
   * that signed in to an account gets a device cookie for it (LOGIN_DEVICE_COOKIE_DAYS) that neither limit applies
   * to; it has LOGIN_DEVICE_MAX_FAILURES failures of its own over its life, then it is trusted no more.
   */
  login: { maxFailures: number; lockMinutes: number; deviceMaxFailures: number; deviceCookieDays: number };
  /**
   * Registration attempts per e-mail (REGISTER_MAX_ATTEMPTS) and per address (ten times as many) in
   * REGISTER_WINDOW_MINUTES; an account's owner is mailed about an attempt with its e-mail at most once per window.
   */
  registration: { maxAttempts: number; windowMinutes: number };
  /** Queue processors run in this process: the API with WORKERS=embedded (the default), and always in `npm run worker`. */
  workers: { enabled: boolean; concurrency: number; attempts: number; backoffMs: number; lockMs: number; stalledIntervalMs: number };
  /** The relay also polls, so an event whose wake-up was lost still goes out. */
  outbox: { pollMs: number };
  /** An order still unpaid after this long is cancelled. */
  orders: { paymentTimeoutMs: number };
  /**
   * What one client may hold unpaid (dates taken from everyone else until the payment window closes):
   * CHECKOUT_MAX_HELD_DATES over all their unpaid orders, CHECKOUT_UNVERIFIED_MAX_DATES in one checkout while the
   * account's e-mail is not verified. Counted in professional-dates (two professionals on one date are two).
   */
  checkout: HeldDatesLimits;
  /** The booking rules: the marketplace's zone, lead time, horizon, deadlines and the cancellation policy. */
  bookings: BookingSettings;
  /** Scheduled clean-up (orphan uploads, expired sessions and keys): how often it runs. */
  housekeeping: { everyMs: number };
  /**
   * RECONCILE_EVERY_MS: how often a worker process does whatever is due and not done (jobs Redis lost, deadlines,
   * payments whose notification went missing, refunds unanswered), besides at start; also how long a job may stay
   * unfinished before it counts as lost.
   */
  reconcile: { everyMs: number };
  /** /health reports a queue down when its oldest waiting job has waited longer than this (no worker takes them). */
  health: { maxQueueLagMs: number };
  /**
   * MercadoPago with MP_ACCESS_TOKEN; otherwise, with PAYMENTS_SANDBOX (or DEMO_MODE), the local sandbox that
   * speaks MercadoPago's protocol and approves any payment; otherwise off.
   */
  payments: {
    mode: 'mercadopago' | 'sandbox' | 'off';
    /** MercadoPago's token; empty for the sandbox, whose credentials are random per deployment (PaymentCredentials). */
    accessToken: string;
    /** Base URL the SDK calls: MercadoPago's API, or the sandbox's emulation of it on this API. */
    apiUrl: string;
    /** MercadoPago's notification secret; empty for the sandbox (see accessToken). */
    webhookSecret: string;
    notificationUrl: string;
    currency: string;
    /** Older signed notifications are refused as replays. */
    webhookToleranceSeconds: number;
  };
}

/** A rate setting ("20/10"): so many events per window of so many seconds. */
export interface Rate {
  limit: number;
  windowSeconds: number;
}

export interface BookingSettings {
  /** BOOKING_TIME_ZONE: the IANA zone dates are days of. */
  timeZone: string;
  /** BOOKING_MIN_LEAD_HOURS: how far ahead a date must begin to be booked. */
  minLeadHours: number;
  /** BOOKING_HORIZON_DAYS: how many days ahead dates open. */
  horizonDays: number;
  /** PROFESSIONAL_RESPONSE_HOURS: a paid booking the professional has not answered by then expires (refunded). */
  professionalResponseHours: number;
  /** CANCEL_FULL_REFUND_HOURS: the client cancels for a full refund until this long before the first date. */
  fullRefundHours: number;
  /** CANCEL_LATE_REFUND_PERCENT: what a later cancellation (before the first date) gives back. */
  lateRefundPercent: number;
  /** AUTO_DONE_HOURS: a confirmed booking becomes done this long after its last date. */
  autoDoneHours: number;
  /** DISPUTE_WINDOW_HOURS: how long after done the client may report a problem. */
  disputeWindowHours: number;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

function timeZone(env: Env, name: string, fallback: string): string {
  const zone = env[name] || fallback;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw new ConfigError(`Configuración inválida: ${name}=${zone} no es una zona horaria IANA (p. ej. America/Argentina/Buenos_Aires)`);
  }
  return zone;
}

function bookingSettings(env: Env): BookingSettings {
  return {
    timeZone: timeZone(env, 'BOOKING_TIME_ZONE', 'America/Argentina/Buenos_Aires'),
    minLeadHours: integer(env, 'BOOKING_MIN_LEAD_HOURS', 24, 0, 24 * 30),
    horizonDays: integer(env, 'BOOKING_HORIZON_DAYS', 60, 1, 366),
    professionalResponseHours: integer(env, 'PROFESSIONAL_RESPONSE_HOURS', 24, 1, 24 * 14),
    fullRefundHours: integer(env, 'CANCEL_FULL_REFUND_HOURS', 48, 0, 24 * 60),
    lateRefundPercent: integer(env, 'CANCEL_LATE_REFUND_PERCENT', 50, 0, 100),
    autoDoneHours: integer(env, 'AUTO_DONE_HOURS', 72, 1, 24 * 60),
    disputeWindowHours: integer(env, 'DISPUTE_WINDOW_HOURS', 72, 1, 24 * 90),
  };
}

function paymentsConfig(env: Env, publicApiUrl: string, sandboxAllowed: boolean): AppConfig['payments'] {
  const accessToken = env.MP_ACCESS_TOKEN || '';
  const mode = accessToken !== '' ? 'mercadopago' : sandboxAllowed ? 'sandbox' : 'off';
  if (mode === 'mercadopago' && !env.MP_WEBHOOK_SECRET)
    throw new ConfigError(
      'Configuración inválida: MP_WEBHOOK_SECRET (la clave secreta de las notificaciones) es obligatorio con MP_ACCESS_TOKEN',
    );
  return {
    mode,
    accessToken,
    apiUrl: url(env, 'MP_API_URL', mode === 'mercadopago' ? 'https://api.mercadopago.com' : `${publicApiUrl}/sandbox/mercadopago`, [
      'http:',
      'https:',
    ]),
    webhookSecret: mode === 'mercadopago' ? (env.MP_WEBHOOK_SECRET as string) : '',
    notificationUrl: url(env, 'MP_NOTIFICATION_URL', `${publicApiUrl}/api/mercado/webhook`, ['http:', 'https:']),
    currency: env.MP_CURRENCY || 'ARS',
    webhookToleranceSeconds: integer(env, 'MP_WEBHOOK_TOLERANCE_SECONDS', 300, 5, 86_400),
  };
}

function uploadsConfig(env: Env): AppConfig['uploads'] {
  const dir = resolve(env.UPLOADS_DIR || 'data/uploads');
  const privateDir = resolve(env.MESSAGE_IMAGES_DIR || join(dirname(dir), 'message-images'));
  // Everything under UPLOADS_DIR is served to anyone at /uploads.
  if (privateDir === dir || privateDir.startsWith(join(dir, '/')))
    throw new ConfigError(`Configuración inválida: MESSAGE_IMAGES_DIR=${privateDir} no puede estar dentro de UPLOADS_DIR (es público)`);
  return {
    dir,
    privateDir,
    maxBytes: integer(env, 'UPLOAD_MAX_BYTES', 2 * 1024 * 1024, 1024, 50 * 1024 * 1024),
  };
}

/** A rate setting, `<count>/<seconds>`; `what` names the counted thing in the error (plural, e.g. "mensajes"). */
function rate(env: Env, name: string, fallback: string, what: string): Rate {
  const raw = (env[name] || fallback).trim();
  const match = /^(\d{1,6})\s*\/\s*(\d{1,6})$/.exec(raw);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    const [count, seconds] = fallback.split('/');
    throw new ConfigError(
      `Configuración inválida: ${name}=${raw} debe ser ${what}/segundos (por ejemplo ${fallback}: ${count} ${what} cada ${seconds} segundos)`,
    );
  }
  return { limit: Number(match[1]), windowSeconds: Number(match[2]) };
}

function messagesConfig(env: Env): AppConfig['messages'] {
  const { limit, windowSeconds } = rate(env, 'MESSAGE_RATE_LIMIT', '20/10', 'mensajes');
  return {
    mailDelayMinutes: integer(env, 'MESSAGE_MAIL_DELAY_MINUTES', 10, 1, 7 * 24 * 60),
    rateLimit: limit,
    rateWindowSeconds: windowSeconds,
  };
}

function realtimeConfig(env: Env): AppConfig['realtime'] {
  return {
    socketsPerUser: integer(env, 'SOCKETS_PER_USER', 10, 1, 1000),
    connectRate: rate(env, 'SOCKET_CONNECT_RATE_LIMIT', '30/60', 'conexiones'),
    // An address may be many people's (an office, a carrier's shared address): ten users' worth.
    addressConnectRate: rate(env, 'SOCKET_ADDRESS_CONNECT_RATE_LIMIT', '300/60', 'conexiones'),
  };
}

function demoSettings(env: Env): AppConfig['demo'] {
  const mode = flag(env, 'DEMO_MODE', false);
  return {
    mode,
    paymentsSandbox: flag(env, 'PAYMENTS_SANDBOX', mode),
    googleStandIn: flag(env, 'GOOGLE_STAND_IN', mode),
    accounts: flag(env, 'DEMO_ACCOUNTS', mode),
  };
}

/**
 * Postgres connections per process unless DATABASE_POOL_SIZE says otherwise: twice the cores plus two. More only take
 * turns on the cores, and the turns cost (test/bench/README.md). The listing keeps up to 4 of its own besides.
 */
export function defaultPoolSize(cores: number = availableParallelism()): number {
  return 2 * cores + 2;
}

/**
 * Reads and checks the whole configuration. A malformed value stops the start naming its variable; with
 * NODE_ENV=production so does any stand-in switched on or any secret left out (see production-checks.ts).
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const problems = productionProblems(env);
  if (problems.length > 0) throw productionRefusal(problems);
  const webOrigins = (env.WEB_ORIGINS || 'http://localhost:3000,http://127.0.0.1:3000')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  webOrigins.forEach((origin, index) => url({ [`WEB_ORIGINS[${index}]`]: origin }, `WEB_ORIGINS[${index}]`, origin, ['http:', 'https:']));
  const logLevel = (env.LOG_LEVEL || 'log') as AppConfig['logLevel'];
  if (!['error', 'warn', 'log', 'debug'].includes(logLevel)) {
    throw new ConfigError(`Configuración inválida: LOG_LEVEL=${logLevel} debe ser error, warn, log o debug`);
  }
  const demo = demoSettings(env);
  const port = integer(env, 'PORT', 3001, 1, 65535);
  const publicApiUrl = url(env, 'PUBLIC_API_URL', `http://localhost:${port}`, ['http:', 'https:']);
  const googleClientId = env.GOOGLE_CLIENT_ID || '';
  const standIn = googleClientId === '' && demo.googleStandIn;
  if (googleClientId !== '' && !env.GOOGLE_CLIENT_SECRET)
    throw new ConfigError('Configuración inválida: GOOGLE_CLIENT_SECRET es obligatorio con GOOGLE_CLIENT_ID');
  const workersMode = env.WORKERS || 'embedded';
  if (!['embedded', 'off'].includes(workersMode))
    throw new ConfigError(`Configuración inválida: WORKERS=${workersMode} debe ser embedded u off`);
  const sessionSecret = env.SESSION_SECRET || '';
  if (sessionSecret !== '' && sessionSecret.length < SESSION_SECRET_MIN_LENGTH)
    throw new ConfigError(`Configuración inválida: SESSION_SECRET debe tener al menos ${SESSION_SECRET_MIN_LENGTH} caracteres`);
  return {
    port,
    databaseUrl: url(env, 'DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/oficios', ['postgres:', 'postgresql:']),
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', defaultPoolSize(), 1, 200),
    databasePoolTimeoutMs: integer(env, 'DATABASE_POOL_TIMEOUT_MS', 10_000, 100, 600_000),
    redisUrl: url(env, 'REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']),
    redisPrefix: env.REDIS_PREFIX || 'oficios',
    webOrigins,
    publicApiUrl,
    adminEmail: (env.ADMIN_EMAIL || 'admin@oficios.local').toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || (demo.accounts ? DEMO_ADMIN_PASSWORD : null),
    demo,
    testClock: flag(env, 'TEST_CLOCK', false),
    trustProxy: trustProxy(env),
    apiDocs: flag(env, 'API_DOCS', true),
    listingCacheTtlMs: integer(env, 'LISTING_CACHE_TTL_MS', 30_000, 0, 3_600_000),
    availabilityCacheTtlMs: integer(env, 'AVAILABILITY_CACHE_TTL_MS', 30_000, 0, 3_600_000),
    logLevel,
    logFormat: env.NODE_ENV === 'production' ? 'json' : 'pretty',
    webUrl: url(env, 'WEB_URL', webOrigins[0] ?? 'http://localhost:3000', ['http:', 'https:']),
    session: {
      // Without SESSION_SECRET each start signs with a new random key: fine locally, sessions end on restart.
      secret: sessionSecret || randomBytes(32).toString('hex'),
      secretIsEphemeral: sessionSecret === '',
      ttlHours: integer(env, 'SESSION_TTL_HOURS', 168, 1, 24 * 90),
      secureCookies: publicApiUrl.startsWith('https:'),
    },
    google: {
      enabled: googleClientId !== '' || standIn,
      clientId: googleClientId || 'oficios-local',
      // The stand-in's own client secret: random, it only has to match between the API's two halves.
      clientSecret: env.GOOGLE_CLIENT_SECRET || randomBytes(16).toString('hex'),
      authUrl: url(
        env,
        'GOOGLE_AUTH_URL',
        standIn ? `${publicApiUrl}/dev/google/authorize` : 'https://accounts.google.com/o/oauth2/v2/auth',
        ['http:', 'https:'],
      ),
      tokenUrl: url(env, 'GOOGLE_TOKEN_URL', standIn ? `${publicApiUrl}/dev/google/token` : 'https://oauth2.googleapis.com/token', [
        'http:',
        'https:',
      ]),
      userInfoUrl: url(
        env,
        'GOOGLE_USERINFO_URL',
        standIn ? `${publicApiUrl}/dev/google/userinfo` : 'https://openidconnect.googleapis.com/v1/userinfo',
        ['http:', 'https:'],
      ),
      standIn,
    },
    mail: {
      smtpUrl: env.SMTP_URL ? url(env, 'SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']) : null,
      from: env.MAIL_FROM || 'Oficios <no-responder@oficios.local>',
      outboxDir: resolve(env.MAIL_OUTBOX_DIR || 'data/mail'),
    },
    uploads: uploadsConfig(env),
    messages: messagesConfig(env),
    realtime: realtimeConfig(env),
    workers: {
      enabled: workersMode === 'embedded',
      concurrency: integer(env, 'WORKER_CONCURRENCY', 4, 1, 100),
      attempts: integer(env, 'JOB_ATTEMPTS', 8, 1, 100),
      backoffMs: integer(env, 'JOB_BACKOFF_MS', 2_000, 10, 3_600_000),
      lockMs: integer(env, 'JOB_LOCK_MS', 30_000, 500, 3_600_000),
      stalledIntervalMs: integer(env, 'JOB_STALLED_INTERVAL_MS', 30_000, 200, 3_600_000),
    },
    outbox: { pollMs: integer(env, 'OUTBOX_POLL_MS', 1_000, 50, 600_000) },
    orders: { paymentTimeoutMs: integer(env, 'ORDER_PAYMENT_TIMEOUT_MS', 30 * 60_000, 1_000, 30 * 24 * 3_600_000) },
    checkout: {
      // Every working day of the 60-day horizon with one professional, or three professionals for twenty days each.
      maxHeldDates: integer(env, 'CHECKOUT_MAX_HELD_DATES', 60, 1, 100_000),
      // Two working weeks with one professional, or five professionals for two days.
      unverifiedMaxDates: integer(env, 'CHECKOUT_UNVERIFIED_MAX_DATES', 10, 1, 100_000),
    },
    bookings: bookingSettings(env),
    housekeeping: { everyMs: integer(env, 'HOUSEKEEPING_EVERY_MS', 3_600_000, 1_000, 7 * 24 * 3_600_000) },
    reconcile: { everyMs: integer(env, 'RECONCILE_EVERY_MS', 60_000, 100, 24 * 3_600_000) },
    health: { maxQueueLagMs: integer(env, 'HEALTH_MAX_QUEUE_LAG_MS', 60_000, 1_000, 24 * 3_600_000) },
    payments: paymentsConfig(env, publicApiUrl, demo.paymentsSandbox),
    login: {
      maxFailures: integer(env, 'LOGIN_MAX_FAILURES', 5, 1, 1000),
      lockMinutes: integer(env, 'LOGIN_LOCK_MINUTES', 15, 1, 24 * 60),
      deviceMaxFailures: integer(env, 'LOGIN_DEVICE_MAX_FAILURES', 5, 1, 1000),
      deviceCookieDays: integer(env, 'LOGIN_DEVICE_COOKIE_DAYS', 180, 1, 3650),
    },
    registration: {
      maxAttempts: integer(env, 'REGISTER_MAX_ATTEMPTS', 5, 1, 100_000),
      windowMinutes: integer(env, 'REGISTER_WINDOW_MINUTES', 60, 1, 24 * 60),
    },
  };
}
