// Browser tests: a database of their own, the built API and SPA on spare
// ports, then Playwright in Debian's Chromium. Everything is torn down after.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureChromium } from './chromium.mjs';
import { checkServices, root, run, serve, waitForHttp, webServer } from './lib.mjs';

const server = process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const apiPort = process.env.E2E_API_PORT ?? '3201';
const webPort = process.env.E2E_WEB_PORT ?? '3200';
const database = `oficios_e2e_${process.pid}`;
// The API's mail outbox (no SMTP): the tests read the mails it wrote there.
const mailDir = mkdtempSync(join(tmpdir(), 'oficios-e2e-mail-'));
const apiUrl = `http://127.0.0.1:${apiPort}`; // same site as the SPA below, so session cookies flow
const webUrl = `http://127.0.0.1:${webPort}`;
const env = {
  // The browser tests use every stand-in: the payments sandbox, the Google stand-in and the demo accounts.
  DEMO_MODE: 'true',
  // The bookings' clock moves over HTTP (PUT /dev/clock): a done line needs its last date behind it.
  TEST_CLOCK: 'true',
  DATABASE_URL: `${server}/${database}`,
  REDIS_URL: redisUrl,
  REDIS_PREFIX: `e2e:${database}`,
  PORT: apiPort,
  PUBLIC_API_URL: apiUrl,
  WEB_ORIGINS: `${webUrl},http://127.0.0.1:${webPort}`,
  LOG_LEVEL: 'warn',
  MAIL_OUTBOX_DIR: mailDir,
};

async function dropDatabase() {
  const client = new pg.Client({ connectionString: `${server}/postgres` });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await client.end();
}

ensureChromium();
await checkServices(env.DATABASE_URL, redisUrl);
if (process.env.E2E_SKIP_BUILD !== '1') {
  if (process.env.E2E_API_BUILT !== '1') {
    run('npm', ['run', 'build', '-w', '@oficios/domain']);
    run('npm', ['run', 'build', '-w', '@oficios/api']);
  }
  run('npx', ['vite', 'build', '--outDir', 'dist-e2e', '--emptyOutDir'], { cwd: `${root}apps/web`, env: { VITE_API_URL: apiUrl } });
}
// The landing page's JS budget (what `npm run build` enforces), checked on the build the browser tests use.
// Over budget fails the run, after the browser tests, so one regression does not hide the other results.
const sizeCheck = spawnSync('node', ['apps/web/scripts/report-size.mjs', `${root}apps/web/dist-e2e`], { cwd: root, stdio: 'inherit' });
const withinBudget = sizeCheck.status === 0;
run('node', ['apps/api/dist/database/migrate.js'], { env });
run('node', ['apps/api/dist/database/seed/run-seed.js'], { env });

const api = serve('api', 'node', ['apps/api/dist/main.js'], env);
// The production web server on the bundle built for these tests (its CSP allows this API's origin).
const web = serve('web', 'node', [webServer], {
  WEB_PORT: webPort,
  WEB_HOST: '127.0.0.1',
  WEB_DIST_DIR: `${root}apps/web/dist-e2e`,
  VITE_API_URL: apiUrl,
});
let status = 1;
try {
  await waitForHttp(`http://127.0.0.1:${apiPort}/health`);
  await waitForHttp(`http://127.0.0.1:${webPort}/`);
  const result = spawnSync('npx', ['playwright', 'test', '-c', 'test/e2e/playwright.config.ts', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_WEB_URL: `http://127.0.0.1:${webPort}`,
      E2E_API_URL: `http://127.0.0.1:${apiPort}`,
      E2E_DATABASE_URL: env.DATABASE_URL,
      E2E_MAIL_DIR: mailDir,
    },
  });
  status = result.status ?? 1;
} finally {
  api.stop();
  web.stop();
  await dropDatabase();
  rmSync(mailDir, { recursive: true, force: true });
}
if (!withinBudget) console.error('\n✖ Landing page JS over its budget: see the report-size.mjs table before the browser tests.');
process.exit(status !== 0 ? status : withinBudget ? 0 : 1);
