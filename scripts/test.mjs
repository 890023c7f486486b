// `npm test`: every test. Types, unit and component tests, API integration
// tests against the real Postgres and Redis, then browser tests in Chromium.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { ensureChromium } from './chromium.mjs';
import { checkServices, root, run } from './lib.mjs';

ensureChromium();
await checkServices(
  process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
);
mkdirSync(`${root}test-results`, { recursive: true });

run('npm', ['run', 'build', '-w', '@oficios/domain']);
// The start-up suite runs the built API (apps/api/dist/main.js) as production would; the browser tests reuse the build.
run('npm', ['run', 'build', '-w', '@oficios/api']);
run('npm', ['run', 'typecheck']);
run('npm', ['run', 'lint']);

const jest = spawnSync('npx', ['jest', '--ci', '--json', '--outputFile=test-results/jest.json'], { cwd: root, stdio: 'inherit' });
const e2e = spawnSync('node', ['scripts/e2e.mjs'], { cwd: root, stdio: 'inherit', env: { ...process.env, E2E_API_BUILT: '1' } });

let passed = 0;
let failed = 0;
try {
  const report = JSON.parse(readFileSync(`${root}test-results/jest.json`, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
} catch {
  failed += 1;
}
try {
  const report = JSON.parse(readFileSync(`${root}test-results/e2e.json`, 'utf8'));
  passed += report.stats.expected;
  failed += report.stats.unexpected + report.stats.flaky;
} catch {
  failed += 1;
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(jest.status === 0 && e2e.status === 0 && failed === 0 ? 0 : 1);
