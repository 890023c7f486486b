import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';

/**
 * Typed configuration read from the environment once at start-up. Every value
 * has a safe local default so `npm start` works on a fresh machine; a bad value
 * stops the process with a message naming the variable.
 */
export interface AppConfig {
  port: number;
  databaseUrl: string;
  redisUrl: string;
  /** Key prefix for everything this deployment keeps in Redis (tests use their own). */
  redisPrefix: string;
  /** Browser origins allowed to call the API with credentials. */
  webOrigins: string[];
  /** Where the API is reachable by browsers (absolute links, OpenAPI). */
  publicApiUrl: string;
  adminEmail: string;
  adminPassword: string;
  /** How long a cached listing page may be served before it is rebuilt. */
  listingCacheTtlMs: number;
  logLevel: 'error' | 'warn' | 'log' | 'debug';
  /** Where links in e-mails point (the SPA). */
  webUrl: string;
  session: { secret: string; secretIsEphemeral: boolean; ttlHours: number; secureCookies: boolean };
  /** Real Google when a client id is set; otherwise the built-in stand-in at /dev/google. */
  /**
   * Real Google when a client id is set. Otherwise the local stand-in (/dev/google), which lets anyone claim any
   * e-mail: so it runs only outside production unless GOOGLE_STAND_IN=true; with neither, Google sign-in is off.
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
  uploads: { dir: string; maxBytes: number };
  login: { maxFailures: number; lockMinutes: number };
}

export const APP_CONFIG = Symbol('APP_CONFIG');

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`Configuración inválida: ${name}=${raw} debe ser un entero entre ${min} y ${max}`);
  }
  return value;
}

function url(env: Env, name: string, fallback: string, protocols: string[]): string {
  const value = env[name] || fallback;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new Error(`Configuración inválida: ${name} no es una URL (${value})`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new Error(`Configuración inválida: ${name} debe usar ${protocols.join(' o ')}`);
  }
  return value.replace(/\/$/, '');
}

export function loadConfig(env: Env = process.env): AppConfig {
  const webOrigins = (env.WEB_ORIGINS || 'http://localhost:3000,http://127.0.0.1:3000')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  webOrigins.forEach((origin, index) => url({ [`WEB_ORIGINS[${index}]`]: origin }, `WEB_ORIGINS[${index}]`, origin, ['http:', 'https:']));
  const logLevel = (env.LOG_LEVEL || 'log') as AppConfig['logLevel'];
  if (!['error', 'warn', 'log', 'debug'].includes(logLevel)) {
    throw new Error(`Configuración inválida: LOG_LEVEL=${logLevel} debe ser error, warn, log o debug`);
  }
  const port = integer(env, 'PORT', 3001, 1, 65535);
  const publicApiUrl = url(env, 'PUBLIC_API_URL', `http://localhost:${port}`, ['http:', 'https:']);
  const googleClientId = env.GOOGLE_CLIENT_ID || '';
  const standInAllowed = env.GOOGLE_STAND_IN ? env.GOOGLE_STAND_IN === 'true' : env.NODE_ENV !== 'production';
  const standIn = googleClientId === '' && standInAllowed;
  if (googleClientId !== '' && !env.GOOGLE_CLIENT_SECRET)
    throw new Error('Configuración inválida: GOOGLE_CLIENT_SECRET es obligatorio con GOOGLE_CLIENT_ID');
  const sessionSecret = env.SESSION_SECRET || '';
  if (sessionSecret !== '' && sessionSecret.length < 32)
    throw new Error('Configuración inválida: SESSION_SECRET debe tener al menos 32 caracteres');
  return {
    port,
    databaseUrl: url(env, 'DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/oficios', ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']),
    redisPrefix: env.REDIS_PREFIX || 'oficios',
    webOrigins,
    publicApiUrl,
    adminEmail: (env.ADMIN_EMAIL || 'admin@oficios.local').toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || 'admin1234',
    listingCacheTtlMs: integer(env, 'LISTING_CACHE_TTL_MS', 30_000, 0, 3_600_000),
    logLevel,
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
      clientSecret: env.GOOGLE_CLIENT_SECRET || 'oficios-local-secret',
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
    uploads: {
      dir: resolve(env.UPLOADS_DIR || 'data/uploads'),
      maxBytes: integer(env, 'UPLOAD_MAX_BYTES', 2 * 1024 * 1024, 1024, 50 * 1024 * 1024),
    },
    login: { maxFailures: integer(env, 'LOGIN_MAX_FAILURES', 5, 1, 1000), lockMinutes: integer(env, 'LOGIN_LOCK_MINUTES', 15, 1, 24 * 60) },
  };
}
