// The whole product on spare ports, as in production, for the browser tests (e2e.mjs) and the web audit
// (audit-web.mjs): a database of its own, migrated and seeded, the built API and the production web server on a
// bundle built for that API. stop() tears it all down, the database and the Redis keys included.
import pg from 'pg';
import { API_NODE_FLAGS, checkServices, dropRedisKeys, root, run, serve, waitForHttp, webServer } from './lib.mjs';

const databaseServer = process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The API's environment for a stack named `name` (its database and Redis prefix) on `apiPort`, serving the SPA of
 * `webPort` (same site: session cookies flow); `extra` adds or overrides variables.
 */
export function stackConfig({ name, apiPort, webPort, distDir, extra = {} }) {
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const database = `oficios_${name}_${process.pid}`;
  return {
    apiUrl,
    webUrl,
    webPort,
    distDir: `${root}apps/web/${distDir}`,
    database,
    env: {
      // The stand-ins: the payments sandbox, the Google stand-in and the demo accounts.
      DEMO_MODE: 'true',
      DATABASE_URL: `${databaseServer}/${database}`,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `${name}:${database}`,
      PORT: String(apiPort),
      PUBLIC_API_URL: apiUrl,
      WEB_ORIGINS: webUrl,
      LOG_LEVEL: 'warn',
      ...extra,
    },
  };
}

/** Builds the API (unless `api: false`) and the SPA for the stack's API, into its own folder. */
export function buildStack(stack, { api = true } = {}) {
  if (api) {
    run('npm', ['run', 'build', '-w', '@oficios/domain']);
    run('npm', ['run', 'build', '-w', '@oficios/api']);
  }
  const outDir = stack.distDir.slice(`${root}apps/web/`.length);
  run('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], { cwd: `${root}apps/web`, env: { VITE_API_URL: stack.apiUrl } });
}

async function dropDatabase(stack) {
  const client = new pg.Client({ connectionString: `${databaseServer}/postgres` });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${stack.database}" WITH (FORCE)`);
  await client.end();
}

/** Migrates and seeds the stack's database, starts the API and the web server, waits for both; answers stop(). */
export async function startStack(stack) {
  await checkServices(stack.env.DATABASE_URL, redisUrl);
  run('node', ['apps/api/dist/database/migrate.js'], { env: stack.env });
  run('node', ['apps/api/dist/database/seed/run-seed.js'], { env: stack.env });
  const api = serve('api', 'node', [...API_NODE_FLAGS, 'apps/api/dist/main.js'], stack.env);
  // The production web server on the bundle built for this stack (its CSP allows this API's origin).
  const web = serve('web', 'node', [webServer], {
    WEB_PORT: String(stack.webPort),
    WEB_HOST: '127.0.0.1',
    WEB_DIST_DIR: stack.distDir,
    VITE_API_URL: stack.apiUrl,
  });
  const stop = async () => {
    api.stop();
    web.stop();
    await dropDatabase(stack);
    await dropRedisKeys(redisUrl, stack.env.REDIS_PREFIX).catch((error) => console.error(`✖ claves de Redis: ${error.message}`));
  };
  try {
    await waitForHttp(`${stack.apiUrl}/health`);
    await waitForHttp(`${stack.webUrl}/`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}

const ADMIN_EMAIL = process.env.ADMIN_EMAIL ?? 'admin@oficios.local';
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'admin1234';
/** The demo accounts' password (the seed's, with DEMO_MODE). */
const DEMO_PASSWORD = 'oficios123';
/** Who signedInAs can sign in as. */
export const SIGN_IN_ROLES = ['profesional', 'admin'];

/**
 * A seeded demo professional with days to book (the catalogue's first), with its e-mail: read as the administrator's
 * editor reads it, since the public catalogue hides it.
 */
export async function demoProfessional(stack) {
  const catalogue = await (await fetch(`${stack.apiUrl}/home/professionals`)).json();
  const cookie = await sessionCookie(stack, ADMIN_EMAIL, ADMIN_PASSWORD);
  for (const { id } of catalogue.filter((p) => p.availableDays.length > 0)) {
    const response = await fetch(`${stack.apiUrl}/api/admin/professionals/${id}`, { headers: { Cookie: cookie } });
    if (response.status !== 200) throw new Error(`profesional ${id}: ${response.status} ${await response.text()}`);
    const professional = await response.json();
    if (professional.email.endsWith('@oficios.local')) return professional;
  }
  throw new Error('no hay un profesional de la demo con días para reservar');
}

/**
 * Signs in through the stack's API as the SPA does (the anti-forgery token echoed), as `who`: 'profesional' (the demo
 * professional) or 'admin'. Answers the Cookie header to send (cookies ignore ports: the web's pages get it too).
 */
export async function signedInAs(stack, who) {
  if (!SIGN_IN_ROLES.includes(who)) throw new Error(`"${who}": se entra como ${SIGN_IN_ROLES.join(' o como ')}`);
  const [email, password] = who === 'admin' ? [ADMIN_EMAIL, ADMIN_PASSWORD] : [(await demoProfessional(stack)).email, DEMO_PASSWORD];
  return sessionCookie(stack, email, password);
}

/** Signs in through the API as the SPA does (the anti-forgery token echoed); answers the Cookie header to send. */
async function sessionCookie(stack, email, password) {
  const jar = new Map();
  const keep = (response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair.split('=');
      jar.set(name, value.join('='));
    }
  };
  keep(await fetch(`${stack.apiUrl}/health`));
  const login = await fetch(`${stack.apiUrl}/home/user/login`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-XSRF-TOKEN': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
      Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    },
    body: JSON.stringify({ email, password, google: false }),
  });
  if (login.status !== 200) throw new Error(`login de ${email}: ${login.status} ${await login.text()}`);
  keep(login);
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}
