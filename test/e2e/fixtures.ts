import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

/** axe's findings (WCAG 2 and 2.1, A and AA rules) on what the page shows now, one readable line per element. */
export async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id}: ${node.target.join(' ')} ${node.html.slice(0, 160)} (${node.failureSummary?.split('\n')[1]?.trim()})`,
    ),
  );
}

/** Expects no axe finding once antd's entrance animations (which fade colours in) have settled. */
export async function expectNoAxeFindings(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(await axeFindings(page), `axe en ${page.url()}`).toEqual([]);
}

/**
 * Every browser test imports `test` from here: when it passes, the page it ends on (when that page is the product's)
 * is checked with axe too, so no screen a test reaches can lose its accessibility unnoticed (issue 13).
 */
export const test = base.extend<{ axeOnLastPage: void }>({
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
