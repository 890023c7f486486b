import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HistoryLine } from '@oficios/domain';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';
import { PROFESSIONALS_QUERY_KEY, REVIEWS_QUERY_KEY } from '../../../shared/api/query-keys';
import { restoreFetch, stubFetch, type FakeResponseInit, type RouteHandler } from '../../../testing/fetch-stub';
import { historyBooking, session } from '../../../testing/profile-fixtures';
import { renderPage } from '../../../testing/render';
import { clientQueryOptions } from '../api/get-client';
import { ClientProfile } from './client-profile';

jest.setTimeout(30_000);

/** antd's modal and tooltip render slowly under jsdom on a busy machine. */
const SLOW = { timeout: 5000 };

const ana = session('cliente').dataValues;
const created = (body: Record<string, unknown>) => ({
  status: 201,
  body: { review: { id: 90, createdAt: '2026-11-23T10:00:00.000Z', ...body }, updated: false },
});

interface Setup {
  history?: HistoryLine[];
  post?: RouteHandler | FakeResponseInit;
  me?: FakeResponseInit;
}

/** A line whose work is done (only those can be reviewed). */
const doneBooking = (id: number, overrides: Partial<HistoryLine> = {}) =>
  historyBooking(id, { status: 'completa', lineStatus: 'done', ...overrides });

/** Ana's profile (client 5, signed in) with POST /api/reviews answered by `post`. */
function setup({ history = [doneBooking(1)], post = (_url, init) => created(JSON.parse(String(init?.body))), me }: Setup = {}) {
  const fetch = stubFetch({ '/api/reviews': post, '/home/user/me': me ?? { body: session('cliente') } });
  const view = renderPage(<ClientProfile client={ana} history={history} />, { routePath: 'details/me', path: '/details/me' });
  return { fetch, ...view };
}

const posts = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => JSON.parse(String(init!.body)));

async function openReview(name: RegExp = /Deja una Reseña/) {
  await userEvent.click(await screen.findByRole('button', { name }, SLOW));
  return screen.findByRole('dialog', { name: 'Puntua a tu profesional!' }, SLOW);
}

/** Clicks the n-th star (1-based) of the modal's Rate. */
async function pickStars(dialog: HTMLElement, stars: number) {
  await userEvent.click(within(dialog).getAllByRole('radio')[stars - 1]!.firstElementChild!);
}

describe('Deja una Reseña', () => {
  afterEach(restoreFetch);

  it('opens the modal with five whole stars, a 500-character comment and Submit', async () => {
    setup();
    const dialog = await openReview();
    expect(within(dialog).getByText('Puntua a tu profesional!')).toBeInTheDocument();
    expect(within(dialog).getByTestId('review-professional')).toHaveTextContent('Lucía Gómez');
    expect(within(dialog).getAllByRole('radio')).toHaveLength(5);
    expect(within(dialog).getByTestId('review-rating')).toHaveAttribute('data-rating', '0');
    const comment = within(dialog).getByLabelText('Comentario');
    expect(comment).toHaveAttribute('maxlength', '500');
    expect(comment).toHaveValue('');
    expect(dialog.querySelector('.ant-input-textarea-show-count, [data-count]')).not.toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('asks for the stars and the comment before sending anything', async () => {
    const { fetch } = setup();
    const dialog = await openReview();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByTestId('review-error-rating')).toHaveTextContent('Elige una puntuación de 1 a 5 estrellas');
    expect(within(dialog).getByTestId('review-error-comment')).toHaveTextContent('El comentario es obligatorio');

    // Markup and blanks are no comment (the server strips them too); picking the stars clears only their message.
    await pickStars(dialog, 2);
    await userEvent.click(within(dialog).getByLabelText('Comentario'));
    await userEvent.paste('  <b></b> ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByTestId('review-error-comment', {}, SLOW)).toHaveTextContent('El comentario es obligatorio');
    expect(within(dialog).queryByTestId('review-error-rating')).not.toBeInTheDocument();
    expect(posts(fetch)).toEqual([]);
  });

  it('sends the review of the line, thanks the client and refreshes the profile, the detail page and the reviews', async () => {
    const { fetch, queryClient } = setup();
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    const dialog = await openReview();

    await pickStars(dialog, 4);
    expect(within(dialog).getByTestId('review-rating')).toHaveAttribute('data-rating', '4');
    expect(within(dialog).getByTestId('review-rating-label')).toHaveTextContent('Muy bueno');
    await userEvent.click(within(dialog).getByLabelText('Comentario'));
    await userEvent.paste('  Muy prolija y puntual.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Gracias por tu reseña', {}, SLOW)).toBeInTheDocument();
    expect(posts(fetch)).toEqual([{ clientId: 5, professionalId: 7, comment: 'Muy prolija y puntual.', rating: 4, orderDetailId: 1 }]);
    expect(fetch.mock.mock.calls.find(([, init]) => init?.method === 'POST')![0]).toBe('http://localhost:3001/api/reviews');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: SESSION_QUERY_KEY });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: clientQueryOptions(5).queryKey });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: PROFESSIONALS_QUERY_KEY });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: REVIEWS_QUERY_KEY });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Puntua a tu profesional!' })).not.toBeInTheDocument(), SLOW);
  });

  it.each([
    [
      'creada',
      'awaiting_payment',
      'Podrás dejar una reseña una vez pagada la reserva, cuando el trabajo esté realizado (después del martes 8 dic).',
    ],
    ['procesando', 'awaiting_professional', 'Podrás dejar una reseña cuando el trabajo esté realizado (después del martes 8 dic).'],
    ['procesando', 'confirmed', 'Podrás dejar una reseña cuando el trabajo esté realizado (después del martes 8 dic).'],
  ] as const)('offers no button on a %s order whose line is %s, and says when it will', async (status, lineStatus, later) => {
    setup({ history: [historyBooking(1, { status, lineStatus }), doneBooking(2)] });
    const [notDone, done] = screen.getAllByTestId('history-line');
    expect(await within(done!).findByRole('button', { name: /Deja una Reseña/ }, SLOW)).toBeEnabled();
    expect(within(notDone!).queryByRole('button', { name: /Reseña/ })).not.toBeInTheDocument();
    expect(within(notDone!).getByTestId('review-later')).toHaveTextContent(later);
  });

  it.each(['cancelled_by_client', 'cancelled_by_admin', 'declined', 'expired', 'refunded'] as const)(
    'offers nothing about reviews on a booking %s: it will never be reviewed',
    async (lineStatus) => {
      setup({ history: [historyBooking(1, { status: 'cancelada', lineStatus }), doneBooking(2)] });
      const [never, done] = screen.getAllByTestId('history-line');
      expect(await within(done!).findByRole('button', { name: /Deja una Reseña/ }, SLOW)).toBeEnabled();
      expect(within(never!).queryByRole('button', { name: /Reseña/ })).not.toBeInTheDocument();
      expect(within(never!).queryByTestId('review-later')).not.toBeInTheDocument();
    },
  );

  it('offers "Editar Reseña" on a reviewed line and prefills the modal with its review', async () => {
    const { fetch } = setup({
      history: [doneBooking(1, { review: { id: 90, rating: 3, comment: 'Buen trabajo' } }), doneBooking(2)],
      post: (_url, init) => ({ ...created(JSON.parse(String(init?.body))), body: { review: { id: 90 }, updated: true } }),
    });
    const [reviewed, fresh] = screen.getAllByTestId('history-line');
    expect(await within(reviewed!).findByRole('button', { name: /Editar Reseña/ }, SLOW)).toBeEnabled();
    expect(within(fresh!).getByRole('button', { name: /Deja una Reseña/ })).toBeEnabled();

    const dialog = await openReview(/Editar Reseña/);
    expect(within(dialog).getByTestId('review-rating')).toHaveAttribute('data-rating', '3');
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((star) => star.getAttribute('aria-checked')),
    ).toEqual(['true', 'true', 'true', 'false', 'false']);
    expect(within(dialog).getByLabelText('Comentario')).toHaveValue('Buen trabajo');

    await pickStars(dialog, 5);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Gracias por tu reseña', {}, SLOW)).toBeInTheDocument();
    expect(posts(fetch)).toEqual([{ clientId: 5, professionalId: 7, comment: 'Buen trabajo', rating: 5, orderDetailId: 1 }]);
  });

  it("shows the server's refusal in the modal and keeps it open", async () => {
    const { fetch } = setup({
      post: {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'Solo puedes reseñar a profesionales que contrataste y pagaste' },
      },
    });
    const dialog = await openReview();
    await pickStars(dialog, 4);
    await userEvent.click(within(dialog).getByLabelText('Comentario'));
    await userEvent.paste('Excelente');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByTestId('review-error', {}, SLOW)).toHaveTextContent(
      'Solo puedes reseñar a profesionales que contrataste y pagaste',
    );
    expect(posts(fetch)).toHaveLength(1);
    expect(screen.queryByText('Gracias por tu reseña')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Puntua a tu profesional!' })).toBeInTheDocument();
  });

  it("puts the server's field messages (400) under the fields", async () => {
    setup({
      post: {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Datos inválidos',
          errors: [{ field: 'comment', message: 'El comentario debe tener entre 1 y 500 caracteres' }],
        },
      },
    });
    const dialog = await openReview();
    await pickStars(dialog, 1);
    await userEvent.click(within(dialog).getByLabelText('Comentario'));
    await userEvent.paste('Bien');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await within(dialog).findByTestId('review-error-comment', {}, SLOW)).toHaveTextContent(
      'El comentario debe tener entre 1 y 500 caracteres',
    );
    expect(within(dialog).queryByTestId('review-error')).not.toBeInTheDocument();
  });

  it('offers no review buttons to someone else looking at the history (an administrator)', async () => {
    const { queryClient } = setup({ me: { body: session('administrador', { id: 1 }) } });
    await waitFor(() => expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeTruthy());
    expect(screen.getByTestId('history-line')).toBeInTheDocument();
    expect(screen.queryByTestId('review-button')).not.toBeInTheDocument();
  });
});
