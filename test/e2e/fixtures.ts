import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

/**
 * axe's findings (WCAG 2 and 2.1, A and AA rules, and heading-order: Lighthouse counts it, a skipped heading level)
 * on what the page shows now, one readable line per element.
 */
export async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    // A rule enabled by name runs besides the tags' rules (options first: withTags adds to them).
    .options({ rules: { 'heading-order': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id}: ${node.target.join(' ')} ${node.html.slice(0, 160)} (${node.failureSummary?.split('\n')[1]?.trim()})`,
    ),
  );
}

/**
 * Waits until antd's finite animations (a dialog zooming in, colours fading in) have settled, 5 s at most. Endless
 * ones (a spinner, the carousels' autoplay) never settle and are not waited for. A click on a dialog still zooming in
 * can be lost on a loaded machine, and axe measures colours mid-fade wrongly.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** Expects no axe finding once the page's entrance animations have settled. */
export async function expectNoAxeFindings(page: Page): Promise<void> {
  await animationsSettled(page);
  expect(await axeFindings(page), `axe en ${page.url()}`).toEqual([]);
}

/**
 * Waits until the app runs on the page (`<html data-app="started">`, see apps/web/src/app/layout/app-started-mark.tsx): a page the server
 * rendered shows its content, and its controls, before its scripts have even been asked for (apps/web/build/app-loader.ts).
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.app === 'started', undefined, { timeout: 15_000 });
}

/**
 * `goto` and `reload` of the product's pages that also wait for the app to run there, as a person waits for a page to
 * answer before using it (unless asked to return at the first byte: `waitUntil: 'commit'`).
 */
function waitingForTheApp(page: Page, baseURL: string): Page {
  const ofTheProduct = () => page.url().startsWith(baseURL);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit' && ofTheProduct()) await appStarted(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit' && ofTheProduct()) await appStarted(page);
    return response;
  };
  return page;
}

/**
 * Every browser test imports `test` from here: when it passes, the page it ends on (when that page is the product's)
 * is checked with axe too, so no screen a test reaches can lose its accessibility unnoticed (issue 13). Every page of
 * a context with JavaScript (the test's own, and those of the contexts it opens) waits for the app after `goto` and
 * `reload` (waitingForTheApp).
 */
export const test = base.extend<{ axeOnLastPage: void }>({
  browser: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        if (options?.javaScriptEnabled === false) return context;
        const newPage = context.newPage.bind(context);
        context.newPage = async () => waitingForTheApp(await newPage(), baseURL);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  axeOnLastPage: [
    async ({ page, baseURL }, use, testInfo) => {
      await use();
      if (testInfo.status !== testInfo.expectedStatus || page.isClosed() || !baseURL || !page.url().startsWith(baseURL)) return;
      await expectNoAxeFindings(page);
    },
    { auto: true },
  ],
});

export { expect };
