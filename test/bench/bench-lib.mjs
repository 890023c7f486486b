// Helpers the benches share (environment knobs, a database client for one piece of work, percentiles, cookies).
import pg from 'pg';

/** The Postgres server the benches create their databases on, and the Redis they use. */
export const databaseServer = (process.env.BENCH_DATABASE_SERVER_URL || 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
export const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

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
