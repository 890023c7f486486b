import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, API_URL, cardNames, fetchCatalogue, registerClient, signIn, signOut } from './support';

/**
 * The SPA as the production web server (apps/web/server/serve.mjs) sends it, with its Content-Security-Policy: every
 * page works without a single violation (the API's calls, its images, antd's styles).
 */

/** Collects the page's CSP violations (the event, and Chromium's console line for what the event misses). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} on ${location.pathname}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function visit(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await ready(page);
  await page.waitForLoadState('networkidle');
}

test('every page loads under the CSP of the production server with no violation', async ({ page, request }) => {
  // Seven pages, two sign-ins.
  test.setTimeout(90_000);
  const violations = await watchViolations(page);
  const [professional] = await fetchCatalogue(request);

  const landing = await page.goto('/');
  const csp = landing?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain(`connect-src 'self' ${API_URL} ${API_URL.replace(/^http/, 'ws')}`);
  expect(landing?.headers()['x-frame-options']).toBe('DENY');
  await expect(page.getByRole('heading', { name: 'Elige una profesion:' })).toBeVisible();

  await visit(page, '/home', async () => expect(cardNames(page).first()).toBeVisible());
  await visit(page, '/home/plomero', async () => expect(cardNames(page).first()).toBeVisible());
  // The detail: the professional's picture comes from the API's origin.
  await visit(page, `/detail/${professional.id}`, async () =>
    expect(page.getByText(`${professional.firstName} ${professional.lastName}`).first()).toBeVisible(),
  );
  await expect
    .poll(() =>
      page.evaluate(
        (api) => [...document.images].filter((image) => image.src.startsWith(api) && image.complete && image.naturalWidth > 0).length,
        API_URL,
      ),
    )
    .toBeGreaterThan(0);
  await visit(page, '/cart', async () => expect(page.getByRole('button', { name: 'Iniciar Sesion' })).toBeVisible());

  // Signed in: the profile and the admin panel.
  await registerClient(page, { firstName: 'Celeste', lastName: 'Políticas' });
  await visit(page, '/details/me', async () => expect(page.getByTestId('account-menu')).toBeVisible());
  await signOut(page);
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await visit(page, '/admin', async () => expect(page.getByTestId('admin-panel')).toBeVisible());

  expect(violations).toEqual([]);
});
