import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_PASSWORD, fetchCatalogueWithContacts, signIn } from './support';

declare global {
  interface Window {
    /** The page's cumulative layout shift so far (layout-shift entries not caused by input). */
    layoutShift: number;
  }
}

/** A professional signed in on a phone-sized page that adds up, from its next load on, how far the page moved. */
async function signedInOnAPhone(page: Page): Promise<void> {
  const professional = (await fetchCatalogueWithContacts(page.request)).find((p) => p.email.endsWith('@oficios.local'))!;
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
}

/** Holds the requests `url` matches (as a slow network would) until the function answered is called. */
async function heldUntilReleased(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/*
 * Issue 13 (CLS ≤ 0.05): a page must not move while it loads. The session is the usual culprit: the top bar shows a
 * placeholder until it is known, then the account menu. (The profile and the admin panel come from the server with
 * the session already in them; the messages are asked for by the app, which learns the session itself.)
 */
test('on a phone, a signed-in page does not move when the session arrives', async ({ page }) => {
  await signedInOnAPhone(page);
  // The session's answer is held until the page has painted without it, then let through.
  const release = await heldUntilReleased(page, '**/home/user/me');
  await page.goto('/mensajes');
  await expect(page.locator('.top-bar-account-placeholder')).toBeVisible();
  release();
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await expect(page.getByTestId('inbox')).toBeVisible();

  expect(await page.evaluate(() => window.layoutShift)).toBeLessThanOrEqual(0.05);
});

test("on a phone, a signed-in page does not move while the account menu's code loads after the session", async ({ page }) => {
  await signedInOnAPhone(page);
  // The session is known, and the messages link and the bell are shown, while the account menu's own code is still on
  // its way: its placeholder stands in for it meanwhile.
  const release = await heldUntilReleased(page, /\/assets\/account-menu-[\w-]+\.js$/);
  await page.goto('/details/me', { waitUntil: 'commit' });
  await expect(page.getByTestId('notifications-bell')).toBeVisible();
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await expect(page.locator('.top-bar-account-placeholder')).toBeVisible();
  release();
  await expect(page.getByTestId('account-menu')).toBeVisible();

  expect(await page.evaluate(() => window.layoutShift)).toBeLessThanOrEqual(0.05);
});
