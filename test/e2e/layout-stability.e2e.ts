import { expect, test } from './fixtures';
import { DEMO_PASSWORD, fetchCatalogue, signIn } from './support';

declare global {
  interface Window {
    /** The page's cumulative layout shift so far (layout-shift entries not caused by input). */
    layoutShift: number;
  }
}

/*
 * Issue 13 (CLS ≤ 0.05): a page must not move while it loads. The session is the usual culprit: the top bar shows a
 * placeholder until it is known, then the account menu.
 */
test('on a phone, a signed-in page does not move when the session arrives', async ({ page }) => {
  const professional = (await fetchCatalogue(page.request)).find((p) => p.email.endsWith('@oficios.local'))!;
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/home');
  await signIn(page, professional.email, DEMO_PASSWORD);

  await page.addInitScript(() => {
    window.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) window.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The session's answer is held until the page has painted without it (as on a slow network), then let through.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/home/user/me', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/details/me');
  await expect(page.locator('.top-bar-account-placeholder')).toBeVisible();
  release();
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await expect(page.getByTestId('profile-name')).toBeVisible();

  expect(await page.evaluate(() => window.layoutShift)).toBeLessThanOrEqual(0.05);
});

test("on a phone, a signed-in page does not move while the account menu's code loads after the session", async ({ page }) => {
  const professional = (await fetchCatalogue(page.request)).find((p) => p.email.endsWith('@oficios.local'))!;
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/home');
  await signIn(page, professional.email, DEMO_PASSWORD);

  await page.addInitScript(() => {
    window.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) window.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The session is known, and the messages link and the bell are shown, while the account menu's own code is still on
  // its way (as on a slow network): its placeholder stands in for it meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/account-menu-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/details/me', { waitUntil: 'commit' });
  await expect(page.getByTestId('notifications-bell')).toBeVisible();
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await expect(page.locator('.top-bar-account-placeholder')).toBeVisible();
  release();
  await expect(page.getByTestId('account-menu')).toBeVisible();

  expect(await page.evaluate(() => window.layoutShift)).toBeLessThanOrEqual(0.05);
});
