import type { ProfessionalListItem } from '@oficios/domain';
import { expect, test } from './fixtures';
import { API_URL, book, fetchCatalogue, historyLine, registerClient } from './support';

/**
 * Paid means paid: back from MercadoPago the page says "Pago aprobado" at once (no reload), the history shows the order
 * paid, another open page of the client follows live; an unpaid order is paid again or dropped from the history, and
 * an order whose cart changed says it was replaced.
 */
let professionals: ProfessionalListItem[];

test.beforeAll(async ({ request }) => {
  // From the end of the catalogue: other suites book the first ones.
  professionals = (await fetchCatalogue(request)).filter((professional) => professional.availableDays.length > 0).reverse();
});

test.describe('back from MercadoPago', () => {
  test('paying again from the history: "Pago aprobado" without reloading, and the other open page follows live', async ({ page }) => {
    await page.goto('/home');
    await registerClient(page, { firstName: 'Paula', lastName: 'Pagadora' });
    const booking = await book(page, professionals[0]!);

    // A second page of the client, left open on its history: the order waits for its payment.
    const other = await page.context().newPage();
    await other.goto('/details/me');
    await expect(historyLine(other, booking.orderId)).toHaveAttribute('data-status', 'creada');

    await page.goto('/details/me');
    const line = historyLine(page, booking.orderId);
    await expect(line).toHaveAttribute('data-status', 'creada');
    // The client left the payment page before: "Pagar" on the history goes back to it.
    await line.getByTestId('pay-order-again').click();
    await expect(page).toHaveURL(/\/sandbox\/mercadopago\/checkout\/[^/]+$/);
    await page.getByRole('button', { name: 'Aprobar pago' }).click();

    await expect(page).toHaveURL(/\/details\/me(\?|$)/);
    const notice = page.getByTestId('payment-return');
    await expect(notice).toContainText('Pago aprobado');
    await expect(notice).toContainText(`Tu orden ${booking.orderId} está pagada`);
    await expect(line).toHaveAttribute('data-status', 'procesando');
    await expect(line.getByTestId('history-line-status')).toHaveText('esperando la respuesta del profesional');
    await expect(line.getByTestId('pay-order-again')).toHaveCount(0);
    // The back URL's parameters are gone: a reload does not ask again.
    await expect(page).toHaveURL(/\/details\/me$/);

    // The other page was never reloaded: order:status reached it.
    await expect(historyLine(other, booking.orderId)).toHaveAttribute('data-status', 'procesando', { timeout: 15_000 });
    await expect(historyLine(other, booking.orderId).getByTestId('history-line-status')).toHaveText(
      'esperando la respuesta del profesional',
    );
    await other.close();
  });

  test('a refused payment says "Pago rechazado"; an unpaid order is dropped from the history', async ({ page }) => {
    await page.goto('/home');
    await registerClient(page, { firstName: 'Ramiro', lastName: 'Rechazado' });
    const refused = await book(page, professionals[1]!);
    await page.goto('/details/me');
    await historyLine(page, refused.orderId).getByTestId('pay-order-again').click();
    await page.getByRole('button', { name: 'Rechazar pago' }).click();
    await expect(page).toHaveURL(/\/details\/me(\?|$)/);
    await expect(page.getByTestId('payment-return')).toContainText('Pago rechazado');
    await expect(historyLine(page, refused.orderId)).toHaveAttribute('data-status', 'cancelada');

    // Another order, never paid (the refused one's cart was kept, so it books both): "Descartar orden" drops it.
    const unpaid = await book(page, professionals[2]!);
    await page.goto('/details/me');
    const lines = historyLine(page, unpaid.orderId);
    await expect(lines).toHaveCount(2);
    await lines.first().getByTestId('drop-unpaid-order').click();
    await page.getByRole('button', { name: 'Descartar', exact: true }).click();
    for (const line of await lines.all()) {
      await expect(line).toHaveAttribute('data-status', 'cancelada');
      await expect(line.getByTestId('history-line-status')).toHaveText('cancelada por el cliente');
    }
    await expect(lines.getByTestId('pay-order-again')).toHaveCount(0);
  });

  test('an order whose cart changed reads "reemplazada por otra orden"', async ({ page }) => {
    await page.goto('/home');
    await registerClient(page, { firstName: 'Carlos', lastName: 'Cambiante' });
    const first = await book(page, professionals[3]!);
    // The cart changes and the summary is opened again: a new order replaces the first one.
    const me = await (await page.request.get(`${API_URL}/home/user/me`)).json();
    const added = await page.request.post(`${API_URL}/api/cart`, {
      headers: first.headers,
      data: { clientId: first.clientId, professionalId: professionals[4]!.id, days: [professionals[4]!.availableDays[0]] },
    });
    expect(added.status()).toBe(201);
    const replacement = await page.request.post(`${API_URL}/api/orders`, { headers: first.headers, data: { cartId: me.cart.id } });
    expect(replacement.ok()).toBe(true);
    const replacementId: number = (await replacement.json()).newOrder.id;
    expect(replacementId).not.toBe(first.orderId);

    await page.goto('/details/me');
    await expect(historyLine(page, first.orderId).getByTestId('history-line-status')).toHaveText('reemplazada por otra orden');
    await expect(historyLine(page, first.orderId).getByTestId('history-line-status')).not.toContainText('administrador');
    await expect(historyLine(page, replacementId).first().getByTestId('pay-order-again')).toBeVisible();
  });
});
