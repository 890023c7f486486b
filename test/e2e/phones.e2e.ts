import { weekdayOf } from '@oficios/domain';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { bookableDates, DEMO_PASSWORD, fetchCatalogue, fetchCatalogueWithContacts, signIn } from './support';

// A 390 × 844 phone: what matters is in the first screen and nothing hides beyond the right edge.
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** The page never scrolls sideways: its content is no wider than the screen. */
async function expectNoSideScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${page.url()} es más ancha que la pantalla`).toBeLessThanOrEqual(clientWidth);
}

/** `element` is shown whole between the screen's left and right edges (scrolled to vertically if need be). */
async function expectWithinWidth(element: Locator): Promise<void> {
  await element.scrollIntoViewIfNeeded();
  await expect(element).toBeInViewport({ ratio: 1 });
  const box = (await element.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

test('the listing: the first card in the first screen, the filters folded behind "Filtros"', async ({ page }) => {
  await page.goto('/home');
  const card = page.getByTestId('professional-card').first();
  await expect(card).toBeVisible();
  // In the first screen, unscrolled: the card's photo, name and price per day.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = (await card.boundingBox())!;
  expect(box.y + 200).toBeLessThanOrEqual(PHONE.height);
  await expect(card.getByTestId('card-name')).toBeInViewport({ ratio: 1 });
  await expect(card.getByTestId('card-day-price')).toBeInViewport({ ratio: 1 });
  await expect(card.getByTestId('card-day-price')).toHaveText(/^\$\s[\d.]+ por día$/);
  await expectNoSideScroll(page);

  // The five controls are folded; "Filtros" unfolds them, each within the screen.
  const toolbar = page.getByTestId('listing-toolbar');
  await expect(toolbar).toBeHidden();
  await page.getByRole('button', { name: 'Filtros' }).click();
  await expect(toolbar).toBeVisible();
  for (const control of [
    toolbar.getByRole('combobox', { name: 'Reputacion' }),
    toolbar.getByRole('combobox', { name: 'Profesion' }),
    toolbar.getByRole('combobox', { name: 'Orden por nombre' }),
    toolbar.getByRole('combobox', { name: 'Orden por reseñas' }),
    toolbar.getByRole('textbox', { name: 'Buscar profesional' }),
    toolbar.getByRole('button', { name: 'Buscar' }),
  ])
    await expectWithinWidth(control);
  await expectNoSideScroll(page);
});

test("the cart: each professional's dates, price and delete button within the screen", async ({ page, request }) => {
  const [first, second] = (await fetchCatalogue(request)).filter((p) => p.availableDays.length > 0);
  const items = [];
  for (const professional of [first!, second!]) {
    const [date] = await bookableDates(request, professional.id);
    items.push({ professional, days: [weekdayOf(date!)], dates: [date], quantity: 1 });
  }
  // A visitor's cart is this browser's: two professionals with a date each, as the listing's "Reservar" leaves them.
  await page.goto('/home');
  await page.evaluate((cart) => localStorage.setItem('oficios.cart', JSON.stringify(cart)), items);
  await page.goto('/cart');

  const cards = page.getByTestId('cart-card');
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('table')).toHaveCount(0);
  for (const card of await cards.all()) {
    await expectWithinWidth(card.getByTestId('cart-card-name'));
    await expectWithinWidth(card.getByTestId('cart-day-chip').first());
    await expectWithinWidth(card.getByTestId('cart-card-price'));
    await expect(card.getByTestId('cart-card-price')).toHaveText(/^\$\s[1-9][\d.]*$/);
    await expectWithinWidth(card.getByTestId('cart-card-delete'));
  }
  await expectWithinWidth(page.getByTestId('cart-total'));
  await expectWithinWidth(page.getByRole('button', { name: 'Resumen de la compra' }));
  await expectNoSideScroll(page);

  await cards.first().getByTestId('cart-card-delete').click();
  await expect(cards).toHaveCount(1);
});

test("the professional's calendar: its legend names Libre, Bloqueado and Reservado", async ({ page }) => {
  const professional = (await fetchCatalogueWithContacts(page.request)).find((p) => p.email.endsWith('@oficios.local'))!;
  await page.goto('/home');
  await signIn(page, professional.email, DEMO_PASSWORD);
  await page.goto('/details/me');

  const calendar = page.getByTestId('professional-calendar');
  await expect(calendar.getByTestId('calendar-day').first()).toBeVisible();
  const legend = calendar.getByTestId('calendar-legend');
  for (const label of ['Libre', 'Bloqueado', 'Reservado']) await expectWithinWidth(legend.getByText(label, { exact: true }));
  await expectWithinWidth(calendar.getByTestId('calendar-day').last());
  await expectNoSideScroll(page);
});
