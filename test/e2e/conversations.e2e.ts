import { MASKED_EMAIL, MASKED_PHONE } from '@oficios/domain';
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  API_URL,
  book,
  DEMO_PASSWORD,
  expectedPage,
  fetchCatalogue,
  withContacts,
  type ProfessionalWithContact,
  goToMyProfile,
  historyLine,
  pay,
  registerClient,
  signedInApi,
  signIn,
} from './support';

// Issue 12's "Done when", in two browsers: a client and a professional, each with its own session.

/** A 1×1 PNG: a real image, so the API's sniffing and its thumbnail (sharp) take it. */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const CLIENT_PHONE = '11 5555-1234';
const PRO_EMAIL = 'plomero.consultas@ejemplo.com';

/**
 * Seeded professionals (the seed's password) the other browser tests leave alone: not on the listing's first page,
 * not among the first twelve (reviews), not the last (notifications), not the four bookings.e2e.ts takes.
 */
let professional: ProfessionalWithContact;
let bystander: ProfessionalWithContact;

test.beforeAll(async ({ request }) => {
  const catalogue = await fetchCatalogue(request);
  const seeded = (await withContacts(catalogue)).filter(
    (candidate) => candidate.email.endsWith('@oficios.local') && candidate.availableDays.length >= 2,
  );
  const used = new Set([...expectedPage(catalogue, { page: '1' }).items, ...seeded.slice(0, 12), ...seeded.slice(-1)].map((p) => p.id));
  const free = seeded.filter((candidate) => !used.has(candidate.id)).slice(4);
  expect(free.length).toBeGreaterThanOrEqual(2);
  [professional, bystander] = [free.at(-1)!, free.at(-2)!];
});

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** The message bubbles of the open conversation. */
const bubbles = (page: Page) => page.getByTestId('message-list').getByTestId('message');

test.describe('conversations (issue 12)', () => {
  // Two people, a payment through the sandbox and its worker: longer than a one-screen test.
  test.describe.configure({ timeout: 120_000 });

  test('a client asks before booking, talks live with the professional, books, pays and sends a photo only they can see', async ({
    page: client,
    browser,
    playwright,
  }) => {
    const proName = `${professional.firstName} ${professional.lastName}`;

    // The client asks from the professional's page; its phone number is hidden from the professional.
    await client.goto('/');
    await registerClient(client, { firstName: 'Carla', lastName: 'Consulta' });
    await client.goto(`/detail/${professional.id}`);
    await expect(client.getByTestId('detail-name')).toHaveText(proName);
    await client.getByRole('button', { name: 'Consultar' }).click();
    await expect(client).toHaveURL(/\/mensajes\/\d+$/);
    const conversationUrl = new URL(client.url()).pathname;
    await expect(client.getByTestId('conversation-other')).toHaveText(proName);
    await expect(client.getByTestId('masked-note')).toBeVisible();
    const question = `¿Puede venir a ver una pérdida bajo la pileta? Mi teléfono es ${CLIENT_PHONE}`;
    await client.getByPlaceholder('Escribe un mensaje').fill(question);
    await client.getByPlaceholder('Escribe un mensaje').press('Enter');
    await expect(bubbles(client)).toHaveCount(1);
    await expect(client.getByPlaceholder('Escribe un mensaje')).toHaveValue('');

    // The professional, in its own browser: the unread badge, the inbox, the masked number.
    const pro = await newPage(browser);
    await pro.goto('/');
    await signIn(pro, professional.email, DEMO_PASSWORD);
    const messagesLink = pro.getByTestId('messages-link');
    await expect(messagesLink).toHaveAttribute('data-unread', /^[1-9]/);
    await messagesLink.click();
    const item = pro.getByTestId('conversation-item').filter({ hasText: 'Carla Consulta' });
    await expect(item.getByTestId('conversation-preview')).toContainText(MASKED_PHONE);
    await item.getByRole('link').click();
    await expect(pro).toHaveURL(new RegExp(`${conversationUrl}$`));
    await expect(bubbles(pro).first()).toContainText(`Mi teléfono es ${MASKED_PHONE}`);
    await expect(pro.getByTestId('message-list')).not.toContainText('5555-1234');
    await expect(pro.getByTestId('masked-note')).toBeVisible();
    // Read on screen: the badge clears, and the client sees "Visto" without reloading.
    await expect(messagesLink).toHaveAttribute('data-unread', '0');
    await expect(client.getByTestId('message-seen')).toHaveText('Visto');

    // The professional answers; the client sees it arrive (its e-mail hidden) without reloading.
    await pro.getByPlaceholder('Escribe un mensaje').fill(`Sí, puedo el lunes a la mañana. Escribime a ${PRO_EMAIL}`);
    await pro.getByRole('button', { name: 'Enviar' }).click();
    await expect(bubbles(pro)).toHaveCount(2);
    await expect(bubbles(client)).toHaveCount(2);
    await expect(bubbles(client).last()).toContainText(`Sí, puedo el lunes a la mañana. Escribime a ${MASKED_EMAIL}`);
    await expect(bubbles(client).last()).toHaveAttribute('data-own', 'false');

    // The client books and pays in the sandbox.
    const booking = await book(client, professional);
    await pay(client, booking);

    // The booking's thread is the same conversation: the earlier messages, the system line, nothing masked now.
    await historyLine(client, booking.orderId).getByRole('button', { name: 'Ver conversación' }).click();
    await expect(client).toHaveURL(new RegExp(`${conversationUrl}$`));
    await expect(client.getByTestId('conversation-booking')).toContainText(`Reserva #${booking.lineId}`);
    await expect(client.getByTestId('system-message').filter({ hasText: 'Reserva pagada' })).toBeVisible();
    await expect(bubbles(client).first()).toContainText(`Mi teléfono es ${CLIENT_PHONE}`);
    await expect(bubbles(client).nth(1)).toContainText(`Escribime a ${PRO_EMAIL}`);
    await expect(client.getByTestId('masked-note')).toHaveCount(0);

    // The professional's open page follows: the system line arrives and the history is read again unmasked.
    await expect(pro.getByTestId('system-message').filter({ hasText: 'Reserva pagada' })).toBeVisible();
    await expect(bubbles(pro).first()).toContainText(`Mi teléfono es ${CLIENT_PHONE}`);
    await expect(pro.getByTestId('masked-note')).toHaveCount(0);

    // A photo of the problem from the client shows for the professional.
    await client.getByTestId('composer-file-input').setInputFiles({ name: 'pileta.png', mimeType: 'image/png', buffer: PHOTO });
    await expect(client.getByTestId('composer-attachment')).toHaveCount(1);
    await client.getByPlaceholder('Escribe un mensaje').fill('Así está la pileta');
    await client.getByRole('button', { name: 'Enviar' }).click();
    await expect(client.getByTestId('composer-attachment')).toHaveCount(0);
    const photo = pro.getByTestId('message').filter({ hasText: 'Así está la pileta' }).locator('img');
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const thumbUrl = (await photo.getAttribute('src'))!;
    expect(thumbUrl).toMatch(/\/api\/conversations\/images\/\d+\/thumb$/);
    const fullUrl = thumbUrl.replace(/\/thumb$/, '');
    expect((await pro.request.get(fullUrl)).status()).toBe(200);

    // Anyone else is refused it.
    const other = await signedInApi(playwright, bystander.email, DEMO_PASSWORD);
    expect((await other.context.get(fullUrl)).status()).toBe(403);
    expect((await other.context.get(thumbUrl)).status()).toBe(403);
    await other.context.dispose();

    // The professional also finds the thread from its job (its profile read again: the job is newer than its sign-in).
    await goToMyProfile(pro);
    await pro.reload();
    await pro
      .locator(`[data-testid="job-line"][data-order-id="${booking.orderId}"]`)
      .getByRole('button', { name: 'Ver conversación' })
      .click();
    await expect(pro).toHaveURL(new RegExp(`${conversationUrl}$`));
    await pro.context().close();
  });

  test('the history opens at the newest 30 and scrolling up brings the older ones without moving what is on screen', async ({
    page,
    playwright,
  }) => {
    await page.goto('/');
    await registerClient(page, { firstName: 'Sofía', lastName: 'Scroll' });
    const xsrf = (await page.context().cookies(API_URL)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
    const headers = { 'X-XSRF-TOKEN': decodeURIComponent(xsrf!) };
    const opened = await page.request.post(`${API_URL}/api/conversations`, { headers, data: { professionalId: bystander.id } });
    expect(opened.ok(), await opened.text()).toBe(true);
    const { id } = (await opened.json()) as { id: number };

    // 40 messages, the two sides taking turns (each under its rate limit).
    const pro = await signedInApi(playwright, bystander.email, DEMO_PASSWORD);
    for (let n = 1; n <= 40; n++) {
      const posted =
        n % 2 === 1
          ? await page.request.post(`${API_URL}/api/conversations/${id}/messages`, { headers, data: { text: `Línea ${n}` } })
          : await pro.post(`/api/conversations/${id}/messages`, { text: `Línea ${n}` });
      expect(posted.status(), await posted.text()).toBe(201);
    }
    await pro.context.dispose();

    await page.goto(`/mensajes/${id}`);
    const line = (n: number) => bubbles(page).filter({ has: page.getByTestId('message-text').getByText(`Línea ${n}`, { exact: true }) });
    await expect(bubbles(page)).toHaveCount(30);
    await expect(line(11)).toHaveCount(1);
    await expect(line(40)).toBeInViewport();
    await expect(line(11)).not.toBeInViewport();

    // To the top: the 10 older ones arrive above, and the reader still looks at "Línea 11", not at "Línea 1".
    await page.getByTestId('message-list').evaluate((list) => list.scrollTo({ top: 0 }));
    await expect(bubbles(page)).toHaveCount(40);
    await expect(line(11)).toBeInViewport();
    await expect(line(1)).not.toBeInViewport();
    await page.getByTestId('message-list').evaluate((list) => list.scrollTo({ top: 0 }));
    await expect(page.getByTestId('conversation-start')).toHaveText('Inicio de la conversación');
    await expect(line(1)).toBeInViewport();
  });
});
