import { expect, test } from './fixtures';
import {
  book,
  fetchCatalogueWithContacts,
  goToMyProfile,
  pay,
  registerClient,
  signIn,
  signOut,
  type ProfessionalWithContact,
} from './support';

/** The seed's password for its demo professionals (apps/api/src/database/seed). */
const DEMO_PASSWORD = 'oficios123';

test('a professional hears of a new paid job in the app and finds it among its jobs', async ({ page, request }) => {
  const catalogue = await fetchCatalogueWithContacts(request);
  // A seeded professional (its password is the seed's); the last one, which no other test books.
  const professional = catalogue.filter((candidate) => candidate.email.endsWith('@oficios.local')).at(-1) as ProfessionalWithContact;

  await page.goto('/');
  await registerClient(page, { firstName: 'Nora', lastName: 'Notificada' });
  const booking = await book(page, professional);
  await pay(page, booking);
  await signOut(page);

  await signIn(page, professional.email, DEMO_PASSWORD);
  const bell = page.getByTestId('notifications-bell');
  await expect(bell).toHaveAttribute('data-unread', /^[1-9]/);
  await bell.click();
  const notice = page.getByTestId('notification').filter({ hasText: `Nuevo trabajo pagado (orden ${booking.orderId})` });
  // The job as issue 11 tells it: the client's first name, address, the dates and the amount.
  await expect(notice).toContainText('Nora, Av. Siempreviva 742');
  await expect(notice).toHaveAttribute('data-unread', 'true');
  // Closing the list marks it read.
  await bell.click();
  await expect(bell).toHaveAttribute('data-unread', '0');

  await goToMyProfile(page);
  await expect(page.getByText('Trabajos', { exact: true })).toBeVisible();
  const job = page.locator(`[data-testid="job-line"][data-order-id="${booking.orderId}"]`);
  await expect(job.getByTestId('job-client')).toContainText('Nora Notificada');
  await expect(job).toHaveAttribute('data-status', 'procesando');
});
