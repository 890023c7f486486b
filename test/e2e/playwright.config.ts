import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/chromium.mjs';

/** Browser tests against the SPA and API started by scripts/e2e.mjs. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../../test-results/e2e.json' }]],
  outputDir: '../../test-results/e2e',
  use: {
    baseURL: process.env.E2E_WEB_URL ?? 'http://127.0.0.1:3200',
    locale: 'es-AR',
    viewport: { width: 1280, height: 900 },
    // As people who asked for less motion: dialogs and drawers appear at once (STILL_THEME). A click on a dialog that
    // was still zooming in could miss its moving button on a loaded machine, and nothing else here tests animations.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: { executablePath: chromiumPath, args: CHROMIUM_FLAGS },
  },
});
