import { expect, test } from './fixtures';
import {
  API_URL,
  DEMO_PASSWORD,
  fetchCatalogue,
  registerClient,
  signedInApi,
  withContacts,
  type ApiUser,
  type ProfessionalWithContact,
} from './support';

// Bookings only inside the area, in the browser: the client's cart warns about a professional who no longer works at
// the job's place before anything is paid, and the client fixes it by choosing another place the professional reaches.

const ROSARIO = '82084270';
/** The professional's base; Rosario is about 17 km away. */
const FUNES_ID = '82084140';
const FUNES = 'Funes, Santa Fe';

/** A seeded professional the other browser tests leave alone (far from both ends of the catalogue). */
let professional: ProfessionalWithContact;
let asProfessional: ApiUser;
/** The area the professional had before (put back after): as its editors write it, or null. */
let seededArea: { localityId: string; radiusKm: number; extraLocalityIds: string[]; excludedLocalityIds: string[] } | null = null;

test.beforeAll(async ({ request, playwright }) => {
  const seeded = (await withContacts(await fetchCatalogue(request))).filter(
    (candidate) => candidate.email.endsWith('@oficios.local') && candidate.availableDays.length >= 1,
  );
  expect(seeded.length).toBeGreaterThan(20);
  professional = seeded.at(-7)!;
  asProfessional = await signedInApi(playwright, professional.email, DEMO_PASSWORD);
  const detail = await (await request.get(`${API_URL}/home/professionals/${professional.id}`)).json();
  const area = detail.serviceArea as {
    locality: { id: string };
    radiusKm: number;
    extraLocalities: { id: string }[];
    excludedLocalities: { id: string }[];
  } | null;
  seededArea = area && {
    localityId: area.locality.id,
    radiusKm: area.radiusKm,
    extraLocalityIds: area.extraLocalities.map((l) => l.id),
    excludedLocalityIds: area.excludedLocalities.map((l) => l.id),
  };
  const set = await asProfessional.context.patch('/api/professionals/me', {
    headers: { 'X-XSRF-TOKEN': await xsrfOf(asProfessional) },
    data: { serviceArea: { localityId: FUNES_ID, radiusKm: 25 } },
  });
  expect(set.status(), await set.text()).toBe(200);
});

test.afterAll(async () => {
  // The area goes back to what the seed gave: the other tests share the API.
  if (!asProfessional) return;
  await asProfessional.context.patch('/api/professionals/me', {
    headers: { 'X-XSRF-TOKEN': await xsrfOf(asProfessional) },
    data: { serviceArea: seededArea },
  });
});

async function xsrfOf(user: ApiUser): Promise<string> {
  const value = (await user.context.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  expect(value).toBeTruthy();
  return decodeURIComponent(value!);
}

test.describe('where the job is', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the cart warns that a professional does not work at the place before paying, and a place they reach fixes it', async ({ page }) => {
    const name = `${professional.firstName} ${professional.lastName}`;
    await page.goto('/');
    await registerClient(page, { firstName: 'Lucía', lastName: 'Lugares' });

    // The job in Rosario, the professional booked inside the area (what the cart screens do, through their API).
    const xsrf = (await page.context().cookies(API_URL)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
    const headers = { 'X-XSRF-TOKEN': xsrf! };
    const placed = await page.request.put(`${API_URL}/api/cart/place`, { headers, data: { localityId: ROSARIO, street: 'Córdoba 1000' } });
    expect(placed.status(), await placed.text()).toBe(200);
    const added = await page.request.post(`${API_URL}/api/cart`, {
      headers,
      data: { professionalId: professional.id, days: [professional.availableDays[0]] },
    });
    expect(added.status(), await added.text()).toBe(201);

    // Then the professional's area shrinks to 10 km around Funes: Rosario is left out.
    const shrunk = await asProfessional.context.patch('/api/professionals/me', {
      headers: { 'X-XSRF-TOKEN': await xsrfOf(asProfessional) },
      data: { serviceArea: { localityId: FUNES_ID, radiusKm: 10 } },
    });
    expect(shrunk.status(), await shrunk.text()).toBe(200);

    await page.goto('/cart');
    const row = page.locator(`[data-testid="cart-row"][data-professional-id="${professional.id}"]`);
    const warning = row.getByTestId('cart-line-outside-area');
    await expect(warning).toContainText(`${name} no trabaja en Rosario, Santa Fe`);
    await expect(page.getByTestId('cart-place-text')).toHaveText('Córdoba 1000, Rosario, Santa Fe');

    // Nothing to pay while the place is outside the area: the summary does not open, the refusal says why.
    await page.getByRole('button', { name: 'Resumen de la compra' }).click();
    await expect(page.locator('.ant-notification').getByText(`${name} no trabaja en Rosario, Santa Fe`, { exact: false })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Resumen de la Compra' })).toHaveCount(0);

    // Another place the professional reaches: the warning goes, and the summary shows the job's place.
    await page.getByTestId('cart-place-change').click();
    await page.getByLabel('Localidad del trabajo').fill('Funes');
    await page.locator('.ant-select-item-option', { hasText: FUNES }).first().click();
    await page.getByTestId('cart-place-street').fill('Hipólito Yrigoyen 2000');
    await page.getByTestId('cart-place-save').click();
    await expect(page.getByTestId('cart-place-text')).toHaveText(`Hipólito Yrigoyen 2000, ${FUNES}`);
    await expect(warning).toHaveCount(0);

    await page.getByRole('button', { name: 'Resumen de la compra' }).click();
    const modal = page.getByRole('dialog', { name: 'Resumen de la Compra' });
    await expect(modal.getByTestId('order-summary-line')).toHaveCount(1);
    await expect(modal.getByTestId('order-summary-place')).toHaveText(`Hipólito Yrigoyen 2000, ${FUNES}`);
  });
});
