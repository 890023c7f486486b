import { summarizeRatings, type Review } from '@oficios/domain';
import { type APIRequestContext } from '@playwright/test';
import { animationsSettled, expect, test } from './fixtures';
import {
  API_URL,
  book,
  DEMO_PASSWORD,
  fetchCatalogue,
  historyLine,
  offsetPast,
  pay,
  registerClient,
  setApiClock,
  signedInApi,
  withContacts,
  type ProfessionalWithContact,
} from './support';

const fullName = (professional: ProfessionalWithContact) => `${professional.firstName} ${professional.lastName}`;

/** The professional's reviews as the detail page reads them. */
async function reviewsOf(request: APIRequestContext, professionalId: number): Promise<Review[]> {
  const response = await request.get(`${API_URL}/home/reviews`, { params: { professionalId } });
  expect(response.ok()).toBe(true);
  return response.json();
}

test.describe('reviews', () => {
  test('a client whose booking is done reviews the professional; the detail page shows the review and the recomputed rating', async ({
    page,
    playwright,
    request,
  }) => {
    const catalogue = await withContacts(await fetchCatalogue(page.request));
    // A seeded professional (its password is the seed's), to accept and finish the job through the API.
    const bookable = catalogue.filter(
      (professional) => professional.availableDays.length > 0 && professional.email.endsWith('@oficios.local'),
    );
    // Prefer a professional nobody reviewed yet: the new review alone decides the rating.
    const counts = await Promise.all(bookable.slice(0, 12).map(async (p) => (await reviewsOf(page.request, p.id)).length));
    const professional = bookable[Math.max(0, counts.indexOf(0))]!;
    const before = await reviewsOf(page.request, professional.id);
    const expected = summarizeRatings([...before.map((review) => review.rating), 4]);

    await page.goto('/');
    await registerClient(page, { firstName: 'Rita', lastName: 'Reseñadora' });
    const booking = await book(page, professional);
    const comment = `Impecable y puntual (${booking.orderId})`;

    // Not done yet (not even paid): no button, a line saying when a review will be possible.
    await page.goto('/details/me');
    const line = historyLine(page, booking.orderId);
    await expect(line.getByTestId('history-professional')).toHaveText(fullName(professional));
    await expect(line.getByTestId('review-later')).toContainText('Podrás dejar una reseña una vez pagada la reserva');
    await expect(line.getByRole('button', { name: 'Deja una Reseña' })).toHaveCount(0);

    await pay(page, booking);
    // Paid is not enough (issue 11: reviews open once the work is done).
    await expect(line.getByTestId('review-later')).toContainText('cuando el trabajo esté realizado');
    await expect(line.getByRole('button', { name: 'Deja una Reseña' })).toHaveCount(0);
    // The professional accepts, and marks it done once its last date has passed (the API's clock moved there).
    const pro = await signedInApi(playwright, professional.email, DEMO_PASSWORD);
    expect((await pro.post(`/api/bookings/${booking.lineId}/accept`, {})).status()).toBe(200);
    try {
      await setApiClock(request, offsetPast(booking.dates.at(-1)!));
      const done = await pro.post(`/api/bookings/${booking.lineId}/done`, {});
      expect(done.status(), await done.text()).toBe(200);
    } finally {
      await setApiClock(request, 0);
      await pro.context.dispose();
    }
    await page.reload();
    await expect(line.getByTestId('history-line-status')).toContainText('realizada');
    await line.getByRole('button', { name: 'Deja una Reseña' }).click();
    const modal = page.getByRole('dialog', { name: 'Puntua a tu profesional!' });
    await expect(modal).toBeVisible();
    // A click while the modal still zooms in can be lost on a loaded machine.
    await animationsSettled(page);

    // Nothing chosen yet: both fields say what they need, nothing is sent.
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect(modal.getByTestId('review-error-rating')).toBeVisible();
    await expect(modal.getByTestId('review-error-comment')).toBeVisible();

    await modal.getByRole('radio').nth(3).click();
    await expect(modal.getByTestId('review-rating')).toHaveAttribute('data-rating', '4');
    await modal.getByLabel('Comentario').fill(comment);
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/reviews') && response.request().method() === 'POST');
    await modal.getByRole('button', { name: 'Submit' }).click();
    const response = await sent;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ professionalId: professional.id, rating: 4, comment });

    await expect(page.getByText('Gracias por tu reseña')).toBeVisible();
    await expect(modal).toBeHidden();
    // The line now carries the review: the button edits it, prefilled.
    await expect(line.getByRole('button', { name: 'Editar Reseña' })).toBeVisible();
    await line.getByRole('button', { name: 'Editar Reseña' }).click();
    await expect(modal.getByLabel('Comentario')).toHaveValue(comment);
    await expect(modal.getByTestId('review-rating')).toHaveAttribute('data-rating', '4');
    await modal.getByRole('button', { name: 'Cerrar' }).click();
    await expect(modal).toBeHidden();

    // The professional's detail page lists it at once; the rating follows when the worker has recomputed it.
    await line.getByTestId('history-professional').click();
    await expect(page).toHaveURL(new RegExp(`/detail/${professional.id}$`));
    const review = page.getByTestId('review').filter({ hasText: comment });
    await expect(review).toHaveCount(1);
    await expect(review.getByTestId('review-author')).toHaveText('Rita');
    await expect(review.getByTestId('review-rating')).toHaveAttribute('data-rating', '4');
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('detail-rating')).toHaveAttribute('data-rating', String(expected.rating), { timeout: 2000 });
      await expect(page.getByTestId('professional-detail')).toContainText(`(${expected.reputation} reseñas)`, { timeout: 500 });
    }).toPass({ timeout: 30_000 });
  });
});
