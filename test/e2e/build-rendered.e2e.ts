import { dateLabel, type ProfessionalListItem } from '@oficios/domain';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { bookableDates, fetchCatalogue, hydrationRedraws, pickCartDate } from './support';

// The pages the build renders whole (apps/web/build/prerender-pages.ts): their HTML is the app's first render, so the
// app takes it over as it came (hydrates it) instead of drawing it again; what only this browser knows comes after.
// This suite asks for reduced motion, which the app hydrates with (use-reduced-motion.ts): nothing is drawn again for it.

let catalogue: ProfessionalListItem[];

/**
 * Remembers the page's heading as its HTML brought it (once parsed: the app starts only after the page's load), and
 * answers, later, whether that very element is the one on screen: taken over, not drawn again.
 */
async function headingFromTheHtml(page: Page, selector: string): Promise<() => Promise<boolean>> {
  await page.addInitScript((wanted) => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { fromTheHtml: Element | null }).fromTheHtml = document.querySelector(wanted);
    });
  }, selector);
  return () =>
    page.evaluate((wanted) => {
      const kept = (window as unknown as { fromTheHtml: Element | null }).fromTheHtml;
      return kept !== null && kept.isConnected && document.querySelector(wanted) === kept;
    }, selector);
}

test.beforeAll(async ({ request }) => {
  catalogue = await fetchCatalogue(request);
});

test('the landing comes painted and the app takes it over as it came: its carousels then answer', async ({ browser, page }) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const bare = await noScript.newPage();
    await bare.goto('/');
    await expect(bare.getByRole('heading', { level: 1 })).toHaveText('Profesionales de confianza para tu hogar');
  } finally {
    await noScript.close();
  }
  const redrawn = hydrationRedraws(page);
  const sameHeading = await headingFromTheHtml(page, '#root h1');
  await page.goto('/');
  const clients = page.getByRole('region', { name: '¿Necesitas un profesional?' });
  await clients.getByRole('button', { name: 'Paso siguiente' }).click();
  await expect(clients.getByRole('button', { name: 'Ir al paso 2' })).toHaveAttribute('aria-current', 'step');
  // The very element the HTML brought, now the app's.
  expect(await sameHeading()).toBe(true);
  expect(redrawn).toEqual([]);
});

test("the cart comes with its heading; this browser's lines then take the placeholder's place, nothing drawn again", async ({
  browser,
  page,
}) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const bare = await noScript.newPage();
    await bare.goto('/cart');
    await expect(bare.getByRole('heading', { name: 'Carrito' })).toBeVisible();
    await expect(bare.getByTestId('cart-loading')).toBeAttached();
    await expect(bare.getByTestId('cart-empty')).toHaveCount(0);
  } finally {
    await noScript.close();
  }

  // A line in this browser's cart: the build could not know it.
  const professional = catalogue.find((p) => p.availableDays.length > 0)!;
  await page.goto(`/detail/${professional.id}`);
  const card = page.getByTestId('book-dates-card');
  const [date] = await bookableDates(page.request, professional.id);
  await pickCartDate(page, card, date!, () => expect(card.getByTestId('cart-day-chip')).toHaveText([dateLabel(date!)], { timeout: 2000 }));

  const redrawn = hydrationRedraws(page);
  const sameHeading = await headingFromTheHtml(page, '[data-testid="cart-page"] h2');
  await page.goto('/cart');
  await expect(page.getByTestId('cart-row')).toHaveCount(1);
  await expect(page.getByTestId('cart-loading')).toHaveCount(0);
  expect(await sameHeading()).toBe(true);
  expect(redrawn).toEqual([]);
});
