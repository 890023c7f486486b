import { dateLabel } from '@oficios/domain';
import sharp from 'sharp';
import { animationsSettled, expect, test } from './fixtures';
import {
  bookableDates,
  DEMO_PASSWORD,
  fetchCatalogue,
  goToMyProfile,
  pickCartDate,
  registerClient,
  signIn,
  signOut,
  withContacts,
  type ProfessionalWithContact,
} from './support';

// The job request in the browser: the client describes the job with a photo in the cart panel, pays in the sandbox,
// and the professional reads the text and sees the photo in "Trabajos" before "Aceptar".

const REQUEST = 'Pierde la canilla de la cocina y gotea debajo de la pileta. Llamame al 11 4444-9876';

/**
 * A seeded professional (its password is the seed's) the other browser tests leave alone: from the end of the
 * catalogue, before the last one (notifications) and far from the first ones (cart, checkout, reviews, bookings).
 */
let professional: ProfessionalWithContact;

test.beforeAll(async ({ request }) => {
  const seeded = (await withContacts(await fetchCatalogue(request))).filter(
    (candidate) => candidate.email.endsWith('@oficios.local') && candidate.availableDays.length >= 1,
  );
  expect(seeded.length).toBeGreaterThan(20);
  professional = seeded.at(-3)!;
});

test.describe('job request', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a client writes a request with a photo, pays, and the professional sees both before "Aceptar"', async ({ page }) => {
    const name = `${professional.firstName} ${professional.lastName}`;
    await page.goto('/');
    await registerClient(page, { firstName: 'Paula', lastName: 'Pedidos' });

    // "Reservar" from the listing opens the cart panel with the professional's card.
    await page.goto('/home');
    await page.getByRole('textbox', { name: 'Buscar profesional' }).fill(professional.lastName);
    await page.getByRole('button', { name: /Buscar/ }).click();
    await page.getByTestId('professional-card').filter({ hasText: name }).getByRole('button', { name: 'Reservar' }).click();
    const card = page.locator(`[data-testid="cart-panel-item"][data-professional-id="${professional.id}"]`);
    await expect(card).toBeVisible();
    // The last bookable date: no other test books this far ahead.
    const date = (await bookableDates(page.request, professional.id)).at(-1)!;
    const chips = card.getByTestId('cart-day-chip');
    await pickCartDate(page, card, date, () => expect(chips).toHaveText([dateLabel(date)], { timeout: 2000 }));

    // The panel asks for the job's description, then keeps the text and the photo with the cart.
    const request = card.getByTestId('job-request');
    await expect(request.getByTestId('job-request-missing')).toBeVisible();
    await request.getByTestId('job-request-text').fill(REQUEST);
    await request.getByTestId('job-request-text').blur();
    await expect(request.getByTestId('job-request-notice')).toHaveText('Pedido guardado');
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6fdb' } })
      .png()
      .toBuffer();
    await request.getByTestId('job-request-file').setInputFiles({ name: 'canilla.png', mimeType: 'image/png', buffer: photo });
    await expect(request.getByTestId('job-request-photo')).toHaveCount(1);
    await expect(request.getByTestId('job-request-missing')).toHaveCount(0);

    // Checkout and payment in the sandbox.
    await page.getByRole('button', { name: 'Realizar Compras' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.getByRole('button', { name: 'Resumen de la compra' }).click();
    const modal = page.getByRole('dialog', { name: 'Resumen de la Compra' });
    await expect(modal.getByTestId('order-summary-line')).toHaveCount(1);
    // The summary says what the professional will read: the request's first words.
    await expect(modal.getByTestId('order-summary-request-glimpse')).toHaveText('“Pierde la canilla de la cocina y gotea…”');
    await expect(modal.getByTestId('order-summary-request-missing')).toHaveCount(0);
    await animationsSettled(page);
    await modal.getByRole('button', { name: 'Solicitar Pago' }).click();
    await modal.getByRole('link', { name: 'Pagar' }).click();
    await expect(page).toHaveURL(/\/sandbox\/mercadopago\/checkout\/[^/]+$/);
    await page.getByRole('button', { name: 'Aprobar pago' }).click();
    await expect(page).toHaveURL(/\/details\/me(\?|$)/);
    const orderId = new URL(page.url()).searchParams.get('orden');
    expect(orderId).toMatch(/^\d+$/);
    // The client finds the request it sent in "Historial de Compras", folded under "Tu pedido", its photo loaded.
    const bought = page.locator(`[data-testid="history-line"][data-order-id="${orderId}"]`);
    await bought.getByRole('button', { name: /Tu pedido/ }).click();
    await expect(bought.getByTestId('job-request-summary-text')).toHaveText(REQUEST);
    const sent = bought.getByAltText('Foto 1 del pedido');
    await expect.poll(() => sent.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await signOut(page);

    // The professional: the request beside the dates and the deadline, the photo loaded, then "Aceptar".
    await signIn(page, professional.email, DEMO_PASSWORD);
    await goToMyProfile(page);
    const job = page.locator(`[data-testid="job-line"][data-order-id="${orderId}"]`);
    await expect(async () => {
      await page.reload();
      await expect(job).toHaveAttribute('data-line-status', 'awaiting_professional', { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await expect(job.getByTestId('job-days')).toBeVisible();
    await expect(job.getByTestId('job-response-due')).toBeVisible();
    // Paid: the contact in the text is no longer masked.
    await expect(job.getByTestId('job-request-summary-text')).toHaveText(REQUEST);
    const thumbnail = job.getByAltText('Foto 1 del pedido');
    await expect(thumbnail).toHaveCount(1);
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await job.getByTestId('job-accept').click();
    await expect(job).toHaveAttribute('data-line-status', 'confirmed');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the summary warns "Sin detalles del trabajo" and "Escribir el pedido" goes back to that request in the cart', async ({
      page,
    }) => {
      await page.goto('/');
      await registerClient(page, { firstName: 'Pablo', lastName: 'Apurado' });
      await page.goto('/home');
      // On a phone the search is folded behind "Filtros".
      await page.getByRole('button', { name: 'Filtros' }).click();
      await page.getByRole('textbox', { name: 'Buscar profesional' }).fill(professional.lastName);
      await page.getByRole('button', { name: /Buscar/ }).click();
      await page
        .getByTestId('professional-card')
        .filter({ hasText: `${professional.firstName} ${professional.lastName}` })
        .getByRole('button', { name: 'Reservar' })
        .click();
      // The date before the other test's: nobody else books it.
      const date = (await bookableDates(page.request, professional.id)).at(-2)!;
      const card = page.locator(`[data-testid="cart-panel-item"][data-professional-id="${professional.id}"]`);
      await expect(card).toBeVisible();
      const chips = card.getByTestId('cart-day-chip');
      await pickCartDate(page, card, date, () => expect(chips).toHaveText([dateLabel(date)], { timeout: 2000 }));
      await page.getByRole('button', { name: 'Realizar Compras' }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await page.getByRole('button', { name: 'Resumen de la compra' }).click();
      const modal = page.getByRole('dialog', { name: 'Resumen de la Compra' });
      await expect(modal.getByTestId('order-summary-request-missing')).toHaveText('Sin detalles del trabajo');
      await expect(modal.getByRole('button', { name: 'Solicitar Pago' })).toBeEnabled();
      await animationsSettled(page);
      await modal.getByRole('button', { name: 'Escribir el pedido' }).click();
      await expect(modal).toBeHidden();
      const text = page.locator(`[data-job-request-for="${professional.id}"]`).getByTestId('job-request-text');
      await expect(text).toBeFocused();
      await expect(text).toBeInViewport();
    });
  });
});
