import { addDays, weekdayOf, type BookingSettingsView, type IsoDate } from '@oficios/domain';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  API_URL,
  DEMO_PASSWORD,
  fetchCatalogueWithContacts,
  fillPerson,
  goToMyProfile,
  offeredDates,
  openRegistration,
  PASSWORD,
  perDay,
  signIn,
  uniqueEmail,
} from './support';

/** A surname nobody else in the catalogue has, so a search finds this professional alone. */
const uniqueSurname = () => `Ibarra${Date.now().toString(36).replace(/\d/g, '')}`;

/** "$ 27.500" as es-AR writes it (with a no-break space). */
const pesos = (amount: number) => new RegExp(`\\$\\s?${amount.toLocaleString('es-AR')}`);

/** Searches the listing on /home for `name`, as a person does, and waits for its answer. */
async function searchListing(page: Page, name: string) {
  const answered = page.waitForResponse((response) => /\/home\/professionals\?/.test(response.url()) && response.url().includes('search='));
  const box = page.getByRole('textbox', { name: 'Buscar profesional' });
  await box.fill(name);
  await box.press('Enter');
  await answered;
}

/** Two weeks of dates past the booking lead time: each weekday twice, all open for a professional with no bookings. */
async function twoWeeksAhead(page: Page): Promise<IsoDate[]> {
  const settings = (await (await page.request.get(`${API_URL}/api/bookings/settings`)).json()) as BookingSettingsView;
  const first = Math.ceil(settings.minLeadHours / 24) + 1;
  return Array.from({ length: 14 }, (_, index) => addDays(settings.today, first + index));
}

test.describe('Mi negocio', () => {
  test('a professional registers with their price and days, edits them in the profile, and the cards and detail a client sees follow', async ({
    page,
  }) => {
    test.slow();
    const firstName = 'Gastón';
    const lastName = uniqueSurname();
    const fullName = `${firstName} ${lastName}`;
    const weekdaysOf = (dates: IsoDate[]) => dates.map((date) => weekdayOf(date));

    // Registration asks for the price and the days: nothing is invented.
    await page.goto('/');
    const drawer = await openRegistration(page, 'Profesional');
    await drawer.getByLabel('Correo').fill(uniqueEmail('negocio'));
    await drawer.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await drawer.getByLabel('Confirmar contraseña').fill(PASSWORD);
    await fillPerson(drawer, { firstName, lastName });
    await drawer.getByRole('checkbox', { name: 'Plomero' }).check();
    await drawer.getByLabel('Acepto términos y condiciones').check();
    await drawer.getByRole('button', { name: 'Registrame' }).click();
    await expect(drawer.getByText('Indica tu precio por dia')).toBeVisible();
    await expect(drawer.getByText('Elige al menos un dia de trabajo')).toBeVisible();
    await drawer.getByLabel('Precio por dia').fill('21000');
    await drawer.getByRole('checkbox', { name: 'Lunes' }).check();
    await drawer.getByRole('checkbox', { name: 'Martes' }).check();
    await drawer.getByRole('button', { name: 'Registrame' }).click();
    await expect(page.getByTestId('account-menu')).toBeVisible();

    // Before any change, the card and the detail page are seen once: whatever the listing, the detail and the
    // availability keep cached from these answers must give way to the edit below.
    const candidates = await twoWeeksAhead(page);
    await page.goto('/home');
    await searchListing(page, fullName);
    const card = page.getByTestId('professional-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('card-name')).toHaveText(fullName);
    await expect(card.getByTestId('card-day-price')).toHaveText(perDay(21000));
    const id = Number(await card.getAttribute('data-professional-id'));
    await card.getByTestId('card-detail-link').click();
    await expect(page).toHaveURL(new RegExp(`/detail/${id}$`));
    const detail = page.getByTestId('professional-detail');
    await expect(detail.getByTestId('detail-day-price')).toHaveText(perDay(21000));
    await expect(detail.getByTestId('detail-about')).toHaveText('Este profesional aún no escribió sobre sí.');
    expect(weekdaysOf(await offeredDates(page, detail, candidates))).toEqual(
      weekdaysOf(candidates).filter((day) => day === 'lunes' || day === 'martes'),
    );

    await goToMyProfile(page);
    const business = page.getByTestId('my-business');
    await expect(business.getByTestId('business-day-price')).toHaveText(pesos(21000));
    await expect(business.getByTestId('business-days')).toHaveText('Lunes, Martes');
    await expect(business.getByTestId('business-about-empty')).toBeVisible();

    // The professional changes the price, the days, a trade and the bio.
    const bio = 'Gasista matriculado.\nHago pruebas de hermeticidad.';
    await business.getByRole('button', { name: /Editar mi negocio/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar mi negocio' });
    await expect(dialog.getByLabel('Precio por dia')).toHaveValue('21000');
    await dialog.getByLabel('Precio por dia').fill('27500');
    await dialog.getByRole('checkbox', { name: 'Lunes' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Viernes' }).check();
    await dialog.getByRole('checkbox', { name: 'Sábado' }).check();
    await dialog.getByRole('checkbox', { name: 'Gasista' }).check();
    await dialog.getByLabel('Sobre mi').fill(bio);
    await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(dialog).toBeHidden();
    await expect(business.getByTestId('business-day-price')).toHaveText(pesos(27500));
    await expect(business.getByTestId('business-days')).toHaveText('Martes, Viernes, Sábado');
    await expect(business.getByTestId('business-about')).toHaveText(bio, { useInnerText: true });

    // The same search on /home shows the new price on the card at once.
    await page.goto('/home');
    await searchListing(page, fullName);
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('card-name')).toHaveText(fullName);
    await expect(card.getByTestId('card-day-price')).toHaveText(perDay(27500));
    await expect(card.getByTestId('card-professions')).toContainText('Gasista');

    // So does the detail page, reached from the profile's link to it: the new price, the bio exactly as written, the
    // trades, and only the new days to book.
    await goToMyProfile(page);
    await page
      .getByTestId('my-business')
      .getByRole('link', { name: /Ver mi página pública/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/detail/${id}$`));
    await expect(detail.getByTestId('detail-name')).toHaveText(fullName);
    await expect(detail.getByTestId('detail-day-price')).toHaveText(perDay(27500));
    await expect(detail.getByTestId('detail-about')).toHaveText(bio, { useInnerText: true });
    await expect(detail.getByTestId('detail-profession')).toHaveText(['Gasista', 'Plomero']);
    // The picker offers every Tuesday, Friday and Saturday of the two weeks, and no Monday.
    expect(weekdaysOf(await offeredDates(page, detail, candidates))).toEqual(
      weekdaysOf(candidates).filter((day) => ['martes', 'viernes', 'sabado'].includes(day)),
    );
  });

  test('on a phone, Mi negocio and its editor fit the screen', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const professional = (await fetchCatalogueWithContacts(request)).find((p) => p.email.endsWith('@oficios.local'))!;
    await page.goto('/');
    await signIn(page, professional.email, DEMO_PASSWORD);
    await goToMyProfile(page);
    const business = page.getByTestId('my-business');
    await expect(business.getByTestId('business-day-price')).toHaveText(pesos(professional.dayPrice));
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await business.getByRole('button', { name: /Editar mi negocio/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar mi negocio' });
    await expect(dialog.getByRole('checkbox', { name: 'Sábado' })).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await fits()).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
