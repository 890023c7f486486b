import { coversLocality, distanceKmBetween, roundDistanceKm, type Locality, type ProfessionalDetail } from '@oficios/domain';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { API_URL, hydrationRedraws } from './support';

const CABALLITO = '0204201001';
const ROSARIO = '82084270';

/** Types into a locality field and picks the option "Name, Province" from the API's search. */
async function pickLocality(page: Page, field: Locator, search: string, label: string) {
  await field.click();
  await field.fill(search);
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function locality(request: APIRequestContext, id: string): Promise<Locality> {
  const response = await request.get(`${API_URL}/home/localities/${id}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

/** Whether a professional's area (from their public detail) covers a place, by the domain's rules. */
async function covers(request: APIRequestContext, professionalId: number, place: Locality): Promise<boolean> {
  const response = await request.get(`${API_URL}/home/professionals/${professionalId}`);
  expect(response.ok()).toBe(true);
  const { serviceArea: area } = (await response.json()) as ProfessionalDetail;
  if (area === null) return true;
  const reach = {
    radiusKm: area.radiusKm,
    extraLocalityIds: area.extraLocalities.map((l) => l.id),
    excludedLocalityIds: area.excludedLocalities.map((l) => l.id),
  };
  return coversLocality(reach, place.id, roundDistanceKm(distanceKmBetween(area.locality, place)));
}

/** "a 3,2 km" of each card, as numbers (null for a card without a distance). */
async function cardDistances(page: Page): Promise<(number | null)[]> {
  return page.getByTestId('professional-card').evaluateAll((cards) =>
    cards.map((card) => {
      const km = card.querySelector('[data-testid="card-distance"]')?.getAttribute('data-distance-km');
      return km ? Number(km) : null;
    }),
  );
}

test.describe('Places', () => {
  test('a visitor picks Caballito on the listing and sees only professionals covering it, nearest first, "a N km" on each', async ({
    page,
    request,
  }) => {
    const caballito = await locality(request, CABALLITO);
    await page.goto('/home');
    await pickLocality(page, page.getByRole('combobox', { name: 'Cerca de' }), 'caballito', 'Caballito, Ciudad Autónoma de Buenos Aires');

    await expect(page).toHaveURL(new RegExp(`/home\\?near=${CABALLITO}$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Profesionales cerca de Caballito' })).toBeVisible();
    await expect(page.getByTestId('sort-distance')).toContainText('Más cerca primero');
    const cards = page.getByTestId('professional-card');
    // The near page's cards (the plain page before it has no distances).
    await expect(page.getByTestId('card-distance').first()).toBeVisible();
    // Nearest first; professionals without an area (listed everywhere, no distance) last.
    const distances = await cardDistances(page);
    const measured = distances.filter((km): km is number => km !== null);
    expect(measured.length).toBeGreaterThan(0);
    expect(distances.slice(0, measured.length)).toEqual([...measured].sort((a, b) => a - b));
    const texts = await page.getByTestId('card-distance').allTextContents();
    expect(texts.filter((text) => / · a \d+(,\d)? km$/.test(text))).toHaveLength(measured.length);
    const ids = await cards.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-professional-id'))));
    for (const id of ids) expect(await covers(request, id, caballito), `profesional ${id}`).toBe(true);
  });

  test('the listing near a place comes from the server as the app draws it', async ({ page }) => {
    const redrawn = hydrationRedraws(page);
    await page.goto(`/home/plomero?near=${CABALLITO}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Profesionales cerca de Caballito' })).toBeVisible();
    await expect(page.getByTestId('card-distance').first()).toBeVisible();
    await expect(page.getByTestId('filter-near')).toContainText('Caballito, Ciudad Autónoma de Buenos Aires');
    expect(redrawn).toEqual([]);
  });

  test("the landing's place picker sends a profession button to the listing near it", async ({ page }) => {
    await page.goto('/');
    await pickLocality(page, page.getByRole('combobox', { name: '¿Dónde lo necesitas?' }), 'rosario', 'Rosario, Santa Fe');
    await page.getByRole('link', { name: 'Plomero' }).click();
    await expect(page).toHaveURL(new RegExp(`/home/plomero\\?near=${ROSARIO}$`));
    await expect(page.getByRole('heading', { level: 2, name: 'Profesionales cerca de Rosario' })).toBeVisible();
  });

  test('the detail says whether the professional reaches the place, and that one near Caballito does not work in Rosario', async ({
    page,
  }) => {
    // A listing near Caballito makes it the visitor's place.
    await page.goto(`/home?near=${CABALLITO}`);
    const first = page.getByTestId('professional-card').first();
    const km = await first.getByTestId('card-distance').getAttribute('data-distance-km');
    await first.getByTestId('card-detail-link').click();

    const reach = page.getByTestId('detail-reach-text');
    await expect(reach).toHaveText(`Llega a Caballito (a ${km!.replace('.', ',')} km)`);
    await expect(reach).toHaveAttribute('data-reaches', 'true');

    await page.getByTestId('detail-reach-change').click();
    await pickLocality(page, page.getByRole('combobox', { name: '¿Llega a tu localidad?' }), 'rosario', 'Rosario, Santa Fe');
    await expect(reach).toHaveText(/No trabaja en Rosario: está a \d+(,\d)? km y su zona es .+ y hasta \d+ km$/);
    await expect(reach).toHaveAttribute('data-reaches', 'false');
  });
});
