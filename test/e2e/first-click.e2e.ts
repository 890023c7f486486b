import type { ProfessionalListItem } from '@oficios/domain';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  apiUser,
  DEMO_PASSWORD,
  fetchCatalogue,
  fetchCatalogueWithContacts,
  PASSWORD,
  signedInApi,
  uniqueEmail,
  type ApiUser,
} from './support';

// A page that looks ready is ready: each control a rendered page shows does what it says on its first click, made as
// soon as it shows, on a slow phone (the processor 4× slower), without waiting for the app to start
// (`waitUntil: 'commit'`: the fixtures' goto would wait for it). Until the app runs, the page's loader keeps the click
// and hands it to the app once React has taken the control over (apps/web/build/app-loader.ts).

test.describe.configure({ timeout: 90_000 });

/** Slows this page's processor 4×, as a mid-range phone's, for every page it loads from now on. */
async function slowProcessor(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** The console's errors and warnings, and the page's uncaught errors, from now on. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Notes, in the page itself, whether the app had started when the person's first click reached it (else the test would
 * prove nothing about the first click): before any of the page's scripts, so ahead of the loader's listener.
 */
async function noteFirstClick(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const noted = window as unknown as { firstClickBeforeApp?: boolean };
    window.addEventListener(
      'click',
      (event) => {
        if (event.isTrusted && noted.firstClickBeforeApp === undefined)
          noted.firstClickBeforeApp = document.documentElement.dataset.app !== 'started';
      },
      true,
    );
  });
}
const firstClickBeforeApp = (page: Page) =>
  page.evaluate(() => (window as unknown as { firstClickBeforeApp?: boolean }).firstClickBeforeApp);

let catalogue: ProfessionalListItem[];

test.beforeAll(async ({ request }) => {
  catalogue = await fetchCatalogue(request);
});

test('"Reservar" on the listing, clicked as soon as the card shows, adds the professional and opens the cart', async ({ page }) => {
  await slowProcessor(page);
  await noteFirstClick(page);
  await page.goto('/home', { waitUntil: 'commit' });
  const card = page.getByTestId('professional-card').first();
  const name = await card.getByTestId('card-name').textContent({ timeout: 10_000 });
  // As soon as it shows: no waiting for it to be still or to answer (what the app would make it).
  await card.getByRole('button', { name: 'Reservar' }).click({ force: true });
  expect(await firstClickBeforeApp(page)).toBe(true);

  const panel = page.getByTestId('cart-panel');
  await expect(panel.getByText('Resumen Del Carrito')).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByTestId('cart-panel-item')).toHaveCount(1);
  await expect(panel.getByTestId('cart-panel-item')).toContainText(name!);
});

test('"Regístrate" in the top bar, clicked as soon as it shows, opens its menu', async ({ page }) => {
  await slowProcessor(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByTestId('register-button').click();

  await expect(page.getByRole('menuitem', { name: 'Cliente' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('menuitem', { name: 'Profesional' })).toBeVisible();
});

test('"Consultar" on a detail page, clicked as soon as it shows, asks a visitor to sign in', async ({ page }) => {
  await slowProcessor(page);
  await page.goto(`/detail/${catalogue[0]!.id}`, { waitUntil: 'commit' });
  await page.getByTestId('consult-button').click();

  await expect(page.getByTestId('drawer-login')).toBeVisible({ timeout: 20_000 });
});

/** A new client's booking of one day of `professional`, paid in the sandbox: it waits for the professional's answer. */
async function paidBooking(client: ApiUser, professional: ProfessionalListItem): Promise<number> {
  const me = await (await client.context.get('/home/user/me')).json();
  const added = await client.post('/api/cart', {
    clientId: me.dataValues.id,
    professionalId: professional.id,
    days: [professional.availableDays[0]],
  });
  expect(added.status(), await added.text()).toBe(201);
  const ordered = await client.post('/api/orders', { cartId: me.cart.id });
  expect(ordered.ok(), await ordered.text()).toBe(true);
  const orderId: number = (await ordered.json()).newOrder.id;
  const payment = await client.post('/api/mercado', { orderId, clientId: me.dataValues.id, items: [] });
  expect(payment.ok(), await payment.text()).toBe(true);
  // The sandbox's "Aprobar pago" (a plain form on its checkout page).
  const checkout: string = (await payment.json()).url;
  const approved = await client.context.post(new URL(`./${checkout.split('/').pop()}/pay`, checkout).href, {
    form: { decision: 'approve' },
  });
  expect(approved.status(), await approved.text()).toBeLessThan(400);
  return orderId;
}

test('a professional\'s first "Aceptar" on their profile accepts the job, and the profile hydrates with no warning', async ({
  page,
  playwright,
}) => {
  const professional = (await fetchCatalogueWithContacts(page.request)).find((p) => p.email.endsWith('@oficios.local'))!;
  const client = await apiUser(playwright);
  const registered = await client.post('/home/user/register', {
    firstName: 'Primera',
    lastName: 'Reserva',
    email: uniqueEmail('primer-clic'),
    password: PASSWORD,
    phoneNumber: '1155556666',
    address: 'Av. Siempreviva 742',
    isClient: true,
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const orderId = await paidBooking(client, professional);
  await client.context.dispose();

  const pro = await signedInApi(playwright, professional.email, DEMO_PASSWORD);
  // The payment's webhook reaches the booking through a worker: the job waits for the professional once it has.
  await expect(async () => {
    const jobs: { orderId: number; lineStatus: string }[] = (await (await pro.context.get('/home/user/me')).json()).profile.jobs;
    expect(jobs.find((job) => job.orderId === orderId)?.lineStatus).toBe('awaiting_professional');
  }).toPass({ timeout: 30_000 });
  await page.context().addCookies((await pro.context.storageState()).cookies);
  await pro.context.dispose();

  await slowProcessor(page);
  const problems = consoleProblems(page);
  await noteFirstClick(page);
  await page.goto('/details/me', { waitUntil: 'commit' });
  const job = page.locator(`[data-testid="job-line"][data-order-id="${orderId}"]`);
  await job.getByTestId('job-accept').click({ force: true });
  expect(await firstClickBeforeApp(page)).toBe(true);

  await expect(job).toHaveAttribute('data-line-status', 'confirmed', { timeout: 20_000 });
  await expect(page.getByText('Aceptaste el trabajo')).toBeVisible();
  expect(problems).toEqual([]);
});
