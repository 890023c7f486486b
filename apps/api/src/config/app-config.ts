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
  return {
    port: integer(env, 'PORT', 3001, 1, 65535),
    databaseUrl: url(env, 'DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/oficios', ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']),
    redisPrefix: env.REDIS_PREFIX || 'oficios',
    webOrigins,
    publicApiUrl: url(env, 'PUBLIC_API_URL', `http://localhost:${integer(env, 'PORT', 3001, 1, 65535)}`, ['http:', 'https:']),
    adminEmail: (env.ADMIN_EMAIL || 'admin@oficios.local').toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || 'admin1234',
    listingCacheTtlMs: integer(env, 'LISTING_CACHE_TTL_MS', 30_000, 0, 3_600_000),
    logLevel,
  };
}
