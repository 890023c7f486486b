import { CONTACT_HIDDEN_TEXT } from '@oficios/domain';
import { expect, test } from './fixtures';
import { API_URL, book, expectedPage, fetchCatalogue, pay, registerClient, withContacts, type ProfessionalWithContact } from './support';

// A professional's e-mail, phone and street on its detail page: only for whom may see them (the professional,
// administrators, the clients with a paid booking with it). Everyone else gets the locality, and "Se muestra al
// confirmar una reserva" where the e-mail and phone would be.

let professional: ProfessionalWithContact;

test.beforeAll(async ({ request }) => {
  const catalogue = await fetchCatalogue(request);
  const seeded = (await withContacts(catalogue)).filter(
    (candidate) => candidate.email.endsWith('@oficios.local') && candidate.availableDays.length >= 2,
  );
  // Booked here: one the other browser tests leave alone (as they choose theirs: bookings.e2e.ts takes the first four
  // of these, conversations.e2e.ts the last two).
  const used = new Set([...expectedPage(catalogue, { page: '1' }).items, ...seeded.slice(0, 12), ...seeded.slice(-1)].map((p) => p.id));
  const free = seeded.filter((candidate) => !used.has(candidate.id));
  expect(free.length).toBeGreaterThanOrEqual(7);
  professional = free[4]!;
  expect(professional.locality).toBeTruthy();
});

test("a visitor sees where the professional works, not its street, e-mail or phone; nor does the page's HTML carry them", async ({
  page,
}) => {
  const street = professional.address.split(',')[0]!.trim();
  // The page as the server sends it, with its data (the same for everybody).
  const html = await (await page.request.get(`/detail/${professional.id}`)).text();
  expect(html).toContain('data-testid="detail-name"');
  expect(html).toContain(CONTACT_HIDDEN_TEXT);
  for (const secret of [professional.email, professional.phoneNumber, street]) expect(html).not.toContain(secret);

  await page.goto(`/detail/${professional.id}`);
  await expect(page.getByTestId('detail-address')).toHaveText(professional.locality!);
  await expect(page.getByTestId('detail-email')).toHaveText(CONTACT_HIDDEN_TEXT);
  await expect(page.getByTestId('detail-phone')).toHaveText(CONTACT_HIDDEN_TEXT);
  expect(await page.content()).not.toContain(professional.email);
});

test('a client sees the e-mail and phone once a booking with the professional is paid, not while it waits', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await registerClient(page, { firstName: 'Clara', lastName: 'Contacto' });
  const booking = await book(page, professional);

  // Booked, not paid: the API refuses the contact and the page keeps it hidden.
  const refused = page.waitForResponse((response) => response.url() === `${API_URL}/api/professionals/${professional.id}/contact`);
  await page.goto(`/detail/${professional.id}`);
  expect((await refused).status()).toBe(403);
  await expect(page.getByTestId('detail-email')).toHaveText(CONTACT_HIDDEN_TEXT);
  await expect(page.getByTestId('detail-phone')).toHaveText(CONTACT_HIDDEN_TEXT);

  await pay(page, booking);
  await page.goto(`/detail/${professional.id}`);
  await expect(page.getByTestId('detail-email')).toHaveText(professional.email);
  await expect(page.getByTestId('detail-phone')).toHaveText(professional.phoneNumber);
  await expect(page.getByTestId('detail-address')).toHaveText(professional.address);
});
