import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { API_URL, fillPerson, goToMyProfile, openRegistration, PASSWORD, uniqueEmail } from './support';

/** Types into a locality field and picks the option "Name, Province" from the API's search. */
async function pickLocality(scope: Locator, field: string, search: string, label: string) {
  const box = scope.getByRole('combobox', { name: field });
  await box.click();
  await box.fill(search);
  await scope.page().getByRole('option', { name: label, exact: true }).click();
}

/** Fills a professional's registration (price, days, trade) and leaves the area to the test. */
async function startProfessionalRegistration(page: Page, lastName: string) {
  await page.goto('/');
  const drawer = await openRegistration(page, 'Profesional');
  await drawer.getByLabel('Correo').fill(uniqueEmail('zona'));
  await drawer.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await drawer.getByLabel('Confirmar contraseña').fill(PASSWORD);
  await fillPerson(drawer, { firstName: 'Zulema', lastName });
  await drawer.getByRole('checkbox', { name: 'Plomero' }).check();
  await drawer.getByLabel('Precio por dia').fill('20000');
  await drawer.getByRole('checkbox', { name: 'Lunes' }).check();
  await drawer.getByLabel('Acepto términos y condiciones').check();
  return drawer;
}

/**
 * Opens the detail page until it says `line`: the web server keeps each first page it renders for a few seconds
 * (FIRST_PAGE_TTL_MS), so a page loaded just before the edit may be answered once more as it was.
 */
async function expectDetailLine(page: Page, id: number, line: RegExp) {
  await expect(async () => {
    await page.goto(`/detail/${id}`);
    await expect(page.getByTestId('detail-service-area-line')).toHaveText(line, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** The signed-in professional's id, as the session answers it. */
async function myId(page: Page): Promise<number> {
  const me = await page.request.get(`${API_URL}/home/user/me`);
  return (await me.json()).dataValues.id as number;
}

test.describe('Zona de trabajo', () => {
  test('a professional registers with an area, edits it in "Zona de trabajo", and the detail page a client sees follows', async ({
    page,
    browser,
  }) => {
    test.slow();
    const drawer = await startProfessionalRegistration(page, `Radio${Date.now().toString(36).replace(/\d/g, '')}`);
    const area = drawer.getByTestId('service-area-field');
    await pickLocality(area, 'Localidad base', 'caball', 'Caballito, Ciudad Autónoma de Buenos Aires');
    await area.getByLabel('Radio en km').fill('15');
    await pickLocality(area, 'También trabajo en', 'rosario', 'Rosario, Santa Fe');
    await drawer.getByRole('button', { name: 'Registrame' }).click();
    await expect(page.getByTestId('account-menu')).toBeVisible();

    await goToMyProfile(page);
    const card = page.getByTestId('service-area-card');
    await expect(card.getByTestId('service-area-line')).toHaveText(/Trabaja en Caballito y hasta 15 km/);
    await expect(card.getByTestId('service-area-extra-tags')).toHaveText('Rosario, Santa Fe');
    const id = await myId(page);

    // A client sees the area on the detail page (its cached answer must give way to the edit below).
    const client = await browser.newPage();
    await client.goto(`/detail/${id}`);
    const line = client.getByTestId('detail-service-area-line');
    await expect(line).toHaveText(/Trabaja en Caballito y hasta 15 km/);
    await expect(client.getByTestId('detail-service-area-extras')).toHaveText('También en Rosario, Santa Fe');

    // The professional moves the base to Palermo, 8 km, and drops the extra.
    await card.getByRole('button', { name: 'Editar zona de trabajo' }).click();
    const form = page.getByTestId('service-area-form');
    await pickLocality(form, 'Localidad base', 'palermo', 'Palermo, Ciudad Autónoma de Buenos Aires');
    await form.getByLabel('Radio en km').fill('8');
    await form.getByTestId('service-area-extras').locator('.ant-select-selection-item-remove').click();
    await form.getByRole('button', { name: 'Guardar zona de trabajo' }).click();
    await expect(form).toBeHidden();
    await expect(card.getByTestId('service-area-line')).toHaveText(/Trabaja en Palermo y hasta 8 km/);

    await expectDetailLine(client, id, /Trabaja en Palermo y hasta 8 km/);
    await expect(client.getByTestId('detail-service-area-extras')).toHaveCount(0);
    await client.close();
  });

  test('a professional registered without an area is asked for it in the profile, and a bad radius is refused', async ({ page }) => {
    test.slow();
    const drawer = await startProfessionalRegistration(page, `Sinzona${Date.now().toString(36).replace(/\d/g, '')}`);
    await drawer.getByRole('button', { name: 'Registrame' }).click();
    await expect(page.getByTestId('account-menu')).toBeVisible();

    await goToMyProfile(page);
    const card = page.getByTestId('service-area-card');
    await expect(card.getByTestId('service-area-missing')).toContainText('Todavía no indicaste tu zona de trabajo');
    const id = await myId(page);
    await page.goto(`/detail/${id}`);
    await expect(page.getByTestId('professional-detail')).toBeVisible();
    await expect(page.getByTestId('detail-service-area')).toHaveCount(0);

    await goToMyProfile(page);
    await card.getByRole('button', { name: 'Indicar zona de trabajo' }).click();
    const form = page.getByTestId('service-area-form');
    await pickLocality(form, 'Localidad base', 'castelar', 'Castelar, Buenos Aires');
    await form.getByRole('button', { name: 'Guardar zona de trabajo' }).click();
    // No radius: the shared rule's message, nothing sent.
    await expect(form.getByText('El radio debe ser un número entero de kilómetros entre 1 y 100')).toBeVisible();
    await form.getByLabel('Radio en km').fill('20');
    await form.getByRole('button', { name: 'Guardar zona de trabajo' }).click();
    await expect(card.getByTestId('service-area-line')).toHaveText(/Trabaja en Castelar y hasta 20 km/);
    await expect(card.getByTestId('service-area-base')).toHaveText('Castelar, Buenos Aires');

    await expectDetailLine(page, id, /Trabaja en Castelar y hasta 20 km/);
  });
});
