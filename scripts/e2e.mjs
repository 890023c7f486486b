// Browser tests: the whole product on spare ports (scripts/stack.mjs), then Playwright in Debian's Chromium.
// Everything is torn down after.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { root } from './lib.mjs';
import { buildStack, stackConfig, startStack } from './stack.mjs';

// The API's mail outbox (no SMTP): the tests read the mails it wrote there.
const mailDir = mkdtempSync(join(tmpdir(), 'oficios-e2e-mail-'));
const stack = stackConfig({
  name: 'e2e',
  apiPort: process.env.E2E_API_PORT ?? '3201',
  webPort: process.env.E2E_WEB_PORT ?? '3200',
  distDir: 'dist-e2e',
  extra: {
    // The bookings' clock moves over HTTP (PUT /dev/clock): a done line needs its last date behind it.
    TEST_CLOCK: 'true',
    MAIL_OUTBOX_DIR: mailDir,
  },
});

ensureChromium();
if (process.env.E2E_SKIP_BUILD !== '1') buildStack(stack, { api: process.env.E2E_API_BUILT !== '1' });
// The landing page's JS budget (what `npm run build` enforces), checked on the build the browser tests use.
// Over budget fails the run, after the browser tests, so one regression does not hide the other results.
const sizeCheck = spawnSync('node', ['apps/web/scripts/report-size.mjs', stack.distDir], { cwd: root, stdio: 'inherit' });
const withinBudget = sizeCheck.status === 0;

const { stop } = await startStack(stack);
let status = 1;
try {
  const result = spawnSync('npx', ['playwright', 'test', '-c', 'test/e2e/playwright.config.ts', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_WEB_URL: stack.webUrl,
      E2E_API_URL: stack.apiUrl,
      E2E_DATABASE_URL: stack.env.DATABASE_URL,
      E2E_MAIL_DIR: mailDir,
    },
  });
  status = result.status ?? 1;
} finally {
  await stop();
  rmSync(mailDir, { recursive: true, force: true });
}
if (!withinBudget) console.error('\n✖ Landing page JS over its budget: see the report-size.mjs table before the browser tests.');
process.exit(status !== 0 ? status : withinBudget ? 0 : 1);
