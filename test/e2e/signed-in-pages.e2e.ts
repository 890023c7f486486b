import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, DEMO_PASSWORD, fetchCatalogueWithContacts, hydrationRedraws, signIn } from './support';

// A signed-in visitor's own pages (/details/me, /admin) come from the web server rendered with their session
// (apps/web/server/first-pages.mjs): their photo, name and jobs paint before any script runs, and the app takes the page
// over as it came (hydrates it: nothing drawn again), then works as ever.

/** The page at `path` as this browser's cookies get it with no script at all: what the server's HTML shows. */
async function withoutScripts(page: Page, path: string, check: (bare: Page) => Promise<void>) {
  const noScript = await page
    .context()
    .browser()!
    .newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
  try {
    const bare = await noScript.newPage();
    await bare.goto(path);
    await check(bare);
  } finally {
    await noScript.close();
  }
}

/** Signs `page` in as one of the seed's demo professionals; answers its full name. */
async function signedInAsDemoProfessional(page: Page): Promise<string> {
  const professional = (await fetchCatalogueWithContacts(page.request)).find((p) => p.email.endsWith('@oficios.local'))!;
  await page.goto('/home');
  await signIn(page, professional.email, DEMO_PASSWORD);
  return `${professional.firstName} ${professional.lastName}`;
}

test("a professional's profile comes with their photo, jobs and calendar's place, and then answers as ever", async ({ page }) => {
  const name = await signedInAsDemoProfessional(page);

  await withoutScripts(page, '/details/me', async (bare) => {
    await expect(bare.getByTestId('professional-profile').getByTestId('profile-name')).toHaveText(name);
    await expect(bare.getByRole('img', { name: `Foto de ${name}` })).toBeVisible();
    await expect(bare.getByTestId('account-menu')).toBeVisible();
    await expect(bare.getByTestId('professional-calendar')).toBeVisible();
  });

  const redrawn = hydrationRedraws(page);
  await page.goto('/details/me');
  await expect(page.getByTestId('profile-name')).toHaveText(name);
  // What the page asks for itself once started (the calendar), and the account menu, work.
  await expect(page.getByTestId('professional-calendar')).toBeVisible();
  await page.getByTestId('account-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Cerrar Sesion' })).toBeVisible();
  expect(redrawn).toEqual([]);
});

test('with its anti-forgery cookie gone (a new browser session), the rendered profile still changes: a date blocked and freed', async ({
  page,
}) => {
  await signedInAsDemoProfessional(page);
  // The anti-forgery cookie lasts a browser session, the session cookie longer. The page's session now comes in its HTML,
  // not from the browser's own GET /home/user/me that used to hand that cookie out again.
  const cookies = await page.context().cookies();
  expect(cookies.map((cookie) => cookie.name)).toContain('XSRF-TOKEN');
  await page.context().clearCookies();
  await page.context().addCookies(cookies.filter((cookie) => cookie.name !== 'XSRF-TOKEN'));

  await page.goto('/details/me');
  const free = page.locator('[data-testid="calendar-day"][data-state="free"]').first();
  const date = await free.getAttribute('data-date');
  const day = page.locator(`[data-testid="calendar-day"][data-date="${date}"]`);
  await day.click();
  await expect(day).toHaveAttribute('data-state', 'blocked');
  await day.click();
  await expect(day).toHaveAttribute('data-state', 'free');
});

test("the administrator's panel comes with their card, and its tools open as ever", async ({ page }) => {
  await page.goto('/home');
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  await withoutScripts(page, '/admin', async (bare) => {
    await expect(bare.getByTestId('admin-card').getByTestId('profile-email')).toHaveText(ADMIN_EMAIL);
  });

  const redrawn = hydrationRedraws(page);
  await page.goto('/admin');
  await expect(page.getByTestId('statistics-card')).toContainText('Datos de la Pagina');
  await page.getByTestId('open-tools').click();
  await expect(page.getByTestId('tools-drawer')).toBeVisible();
  expect(redrawn).toEqual([]);

  // Signed out, the same address is the sign-in invitation (no session is kept anywhere for this page).
  await page.context().clearCookies();
  await page.goto('/admin');
  await expect(page.getByText('Inicia sesión para continuar')).toBeVisible();
});
