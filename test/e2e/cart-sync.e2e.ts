import { dateLabel, type ProfessionalListItem } from '@oficios/domain';
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiUser, bookableDates, expectedPage, fetchCatalogue, firstDateOn, PASSWORD, pickCartDate, signIn, uniqueEmail } from './support';

let firstPage: ProfessionalListItem[];

test.beforeAll(async ({ request }) => {
  firstPage = expectedPage(await fetchCatalogue(request), { page: '1' }).items;
});

/** Rows of /cart as [professional id, chosen dates as their chips read: "lunes 7 dic"]. */
async function cartLines(page: Page): Promise<[string | null, string[]][]> {
  const rows = await page.getByTestId('cart-row').all();
  return Promise.all(
    rows.map(async (row) => [await row.getAttribute('data-professional-id'), await row.getByTestId('cart-day-chip').allTextContents()]),
  );
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test.describe('one cart for a signed-in client', () => {
  test('a cart started anonymously and then signed in shows the same lines in a second browser', async ({ browser, playwright }) => {
    // Two professionals of the listing's first page: one working two days or more, one working some day.
    const firstIndex = firstPage.findIndex((professional) => professional.availableDays.length >= 2);
    const secondIndex = firstPage.findIndex((professional, index) => index !== firstIndex && professional.availableDays.length >= 1);
    expect(firstIndex).toBeGreaterThanOrEqual(0);
    expect(secondIndex).toBeGreaterThanOrEqual(0);
    const [first, second] = [firstPage[firstIndex]!, firstPage[secondIndex]!];

    // The account exists already (made through the API): both browsers sign in to it.
    const email = uniqueEmail('carrito');
    const api = await apiUser(playwright);
    const registered = await api.post('/home/user/register', {
      firstName: 'Dora',
      lastName: 'Dosnavegadores',
      email,
      password: PASSWORD,
      phoneNumber: '1155556666',
      address: 'Av. Siempreviva 742',
      isClient: true,
    });
    expect(registered.status()).toBe(201);
    await api.context.dispose();

    // Browser A, anonymous: a cart of two professionals with their days, kept in this browser.
    const a = await newPage(browser);
    await a.goto('/home');
    const reserve = (index: number) => a.getByTestId('professional-card').nth(index).getByRole('button', { name: 'Reservar' }).click();
    const panelItem = (professional: ProfessionalListItem) =>
      a.locator(`[data-testid="cart-panel-item"][data-professional-id="${professional.id}"]`);
    await reserve(firstIndex);
    const firstChips = panelItem(first).getByTestId('cart-day-chip');
    const [day1, day2] = first.availableDays;
    const firstDates = await bookableDates(a.request, first.id);
    const [date1, date2] = [firstDateOn(firstDates, day1!), firstDateOn(firstDates, day2!)].sort();
    await pickCartDate(a, panelItem(first), date1!, () => expect(firstChips).toHaveText([dateLabel(date1!)], { timeout: 1000 }));
    await pickCartDate(a, panelItem(first), date2!, () =>
      expect(firstChips).toHaveText([dateLabel(date1!), dateLabel(date2!)], { timeout: 1000 }),
    );
    await a.locator('.ant-drawer-close').click();
    await reserve(secondIndex);
    const secondChips = panelItem(second).getByTestId('cart-day-chip');
    const secondDate = firstDateOn(await bookableDates(a.request, second.id), second.availableDays[0]!);
    await pickCartDate(a, panelItem(second), secondDate, () => expect(secondChips).toHaveText([dateLabel(secondDate)], { timeout: 1000 }));
    await a.locator('.ant-drawer-close').click();

    await a.reload();
    await expect(a.locator('[data-testid="cart-badge"] .ant-badge-count')).toHaveText('2');

    // Signing in merges the browser cart into the account's cart, once.
    const merged = a.waitForResponse((response) => response.url().endsWith('/api/cart/merge'));
    await signIn(a, email, PASSWORD);
    expect((await merged).status()).toBe(200);
    await expect.poll(() => a.evaluate(() => JSON.parse(localStorage.getItem('oficios.cart') ?? '[]').length)).toBe(0);

    const expected: [string, string[]][] = [
      [String(first.id), [dateLabel(date1!), dateLabel(date2!)]],
      [String(second.id), [dateLabel(secondDate)]],
    ];
    await a.goto('/cart');
    await expect(a.getByTestId('cart-row')).toHaveCount(2);
    expect(await cartLines(a)).toEqual(expected);

    // Browser B, a fresh one: signing in to the same account shows the same cart.
    const b = await newPage(browser);
    await b.goto('/home');
    await expect(b.locator('[data-testid="cart-badge"] .ant-badge-count')).toHaveCount(0);
    await signIn(b, email, PASSWORD);
    await expect(b.locator('[data-testid="cart-badge"] .ant-badge-count')).toHaveText('2');
    await b.goto('/cart');
    await expect(b.getByTestId('cart-row')).toHaveCount(2);
    expect(await cartLines(b)).toEqual(expected);
    await expect(b.getByTestId('cart-total')).toContainText((2 * first.dayPrice + second.dayPrice).toLocaleString('es-AR'));

    // A change in B is one request to the same cart: A sees it on its next read.
    await b.getByTestId('cart-row').nth(1).getByTestId('cart-row-delete').click();
    await expect(b.getByTestId('cart-row')).toHaveCount(1);
    await a.reload();
    await expect(a.getByTestId('cart-row')).toHaveCount(1);
    expect(await cartLines(a)).toEqual([expected[0]]);
  });
});
