import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { CONTACT_HIDDEN_TEXT } from '@oficios/domain';
import { professionalContact, professionalDetail, review } from '../../../testing/fixtures';
import { session } from '../../../testing/profile-fixtures';
import { renderPage } from '../../../testing/render';
import { DetailPage } from './detail-page';

jest.setTimeout(20_000);

// As the public answer has her: no e-mail, phone or street, the locality instead.
const lucia = professionalDetail(7, {
  firstName: 'Lucía',
  dayPrice: 18500,
  lastName: 'Gómez',
  locality: 'Palermo',
  aboutMe: 'Plomera y gasista matriculada.',
  professions: [
    { id: 1, name: 'plomero' },
    { id: 4, name: 'técnico PC' },
  ],
});

function renderDetail(path: string) {
  return renderPage(<DetailPage />, { routePath: 'detail/:id', path });
}

describe('DetailPage', () => {
  afterEach(restoreFetch);

  it('shows a spinner, then the professional and the reviews', async () => {
    const fetch = stubFetch({
      '/home/user/me': { status: 401, body: { statusCode: 401, message: 'Sin sesión' } },
      '/home/professionals/7': { body: lucia },
      '/home/reviews': {
        body: [
          review(1, 7, { comment: 'Excelente trabajo', rating: 5, client: { id: 9, firstName: 'Ana', profileImg: '/avatars/9.svg' } }),
          review(2, 7, { comment: 'Llegó tarde', rating: 2 }),
          review(3, 8, { comment: 'De otro profesional' }),
        ],
      },
    });
    renderDetail('/detail/7');
    expect(screen.getByTestId('loading')).toBeInTheDocument();

    expect(await screen.findByTestId('detail-name')).toHaveTextContent('Lucía Gómez');
    expect(screen.getByTestId('detail-day-price')).toHaveTextContent(/^\$ 18\.500 por día$/);
    // A visitor: the locality instead of the street, and where the e-mail and phone would be, when they show.
    expect(screen.getByTestId('detail-address')).toHaveTextContent('Palermo');
    expect(screen.getByTestId('detail-email')).toHaveTextContent(CONTACT_HIDDEN_TEXT);
    expect(screen.getByTestId('detail-phone')).toHaveTextContent(CONTACT_HIDDEN_TEXT);
    expect(screen.getByText('Localidad')).toBeInTheDocument();
    expect(screen.getByTestId('detail-about')).toHaveTextContent('Plomera y gasista matriculada.');
    expect(screen.getByAltText('Foto de Lucía Gómez')).toHaveAttribute('src', 'http://localhost:3001/avatars/7.svg');
    expect(screen.getAllByTestId('detail-profession').map((b) => b.textContent)).toEqual(['Plomero', 'Técnico PC']);
    expect(screen.getByText('Volver a Inicio').closest('a')).toHaveAttribute('href', '/home');

    expect(screen.getByRole('heading', { name: 'Reseñas' })).toBeInTheDocument();
    const reviews = await screen.findAllByTestId('review');
    expect(reviews).toHaveLength(2);
    expect(within(reviews[0]!).getByTestId('review-comment')).toHaveTextContent('Excelente trabajo');
    expect(within(reviews[0]!).getByTestId('review-author')).toHaveTextContent('Ana');
    expect(within(reviews[0]!).getByTestId('review-rating')).toHaveAttribute('data-rating', '5');
    expect(within(reviews[0]!).getByAltText('Foto de Ana')).toHaveAttribute('src', 'http://localhost:3001/avatars/9.svg');
    expect(screen.queryByText('De otro profesional')).not.toBeInTheDocument();

    expect(fetch.callsTo('/home/reviews').map((url) => url.search)).toEqual(['?professionalId=7']);
    // Nobody signed in: the contact is not even asked for.
    expect(fetch.callsTo('/api/professionals/7/contact')).toEqual([]);
  });

  it('shows a signed-in client the e-mail, phone and street once the API says they may see them', async () => {
    const fetch = stubFetch({
      '/home/user/me': { body: session('cliente', { id: 30 }) },
      '/home/professionals/7': { body: lucia },
      '/home/reviews': { body: [] },
      '/api/professionals/7/contact': {
        body: professionalContact(7, { email: 'lucia@oficios.test', phoneNumber: '11 4444 5555', address: 'Av. Siempreviva 742, Palermo' }),
      },
    });
    renderDetail('/detail/7');
    await waitFor(() => expect(screen.getByTestId('detail-email')).toHaveTextContent('lucia@oficios.test'));
    expect(screen.getByTestId('detail-phone')).toHaveTextContent('11 4444 5555');
    expect(screen.getByTestId('detail-address')).toHaveTextContent('Av. Siempreviva 742, Palermo');
    expect(screen.getByText('Dirección')).toBeInTheDocument();
    expect(screen.queryByText(CONTACT_HIDDEN_TEXT)).not.toBeInTheDocument();
    expect(fetch.callsTo('/api/professionals/7/contact')).toHaveLength(1);
  });

  it('keeps the contact hidden for a client the API refuses (no paid booking), asking once', async () => {
    const fetch = stubFetch({
      '/home/user/me': { body: session('cliente', { id: 30 }) },
      '/home/professionals/7': { body: lucia },
      '/home/reviews': { body: [] },
      '/api/professionals/7/contact': {
        status: 403,
        body: {
          statusCode: 403,
          code: 'contact_hidden',
          message: 'Los datos de contacto se muestran al confirmar una reserva con este profesional',
        },
      },
    });
    renderDetail('/detail/7');
    await waitFor(() => expect(fetch.callsTo('/api/professionals/7/contact')).toHaveLength(1));
    expect(await screen.findByTestId('detail-email')).toHaveTextContent(CONTACT_HIDDEN_TEXT);
    expect(screen.getByTestId('detail-phone')).toHaveTextContent(CONTACT_HIDDEN_TEXT);
    expect(screen.getByTestId('detail-address')).toHaveTextContent('Palermo');
    expect(screen.queryByTestId('query-error')).not.toBeInTheDocument();
    expect(fetch.callsTo('/api/professionals/7/contact')).toHaveLength(1);
  });

  it('does not ask for the contact of another professional as a professional', async () => {
    const fetch = stubFetch({
      '/home/user/me': { body: session('profesional', { id: 8 }) },
      '/home/professionals/7': { body: lucia },
      '/home/reviews': { body: [] },
    });
    renderDetail('/detail/7');
    expect(await screen.findByTestId('detail-email')).toHaveTextContent(CONTACT_HIDDEN_TEXT);
    await waitFor(() => expect(fetch.callsTo('/home/user/me')).toHaveLength(1));
    expect(fetch.callsTo('/api/professionals/7/contact')).toEqual([]);
  });

  it('shows a street-less professional as such: no locality either', async () => {
    stubFetch({ '/home/professionals/7': { body: { ...lucia, locality: null } }, '/home/reviews': { body: [] } });
    renderDetail('/detail/7');
    expect(await screen.findByTestId('detail-address')).toHaveTextContent(CONTACT_HIDDEN_TEXT);
  });

  it("renders what books the professional (the app gives the cart's date picker) with the loaded professional", async () => {
    stubFetch({ '/home/professionals/7': { body: lucia }, '/home/reviews': { body: [] } });
    renderPage(<DetailPage booking={(p) => <p data-testid="booking">Reservar a {p.firstName}</p>} />, {
      routePath: 'detail/:id',
      path: '/detail/7',
    });
    expect(await screen.findByTestId('booking')).toHaveTextContent('Reservar a Lucía');
  });

  it('a profession button makes it the only filter and opens its listing', async () => {
    stubFetch({ '/home/professionals/7': { body: lucia }, '/home/reviews': { body: [] } });
    const { location } = renderDetail('/detail/7');

    await userEvent.click(await screen.findByText('Técnico PC'));
    await waitFor(() => expect(location()).toBe('/home/t%C3%A9cnico%20PC'));
  });

  it('says the professional does not exist when the API answers 404', async () => {
    stubFetch({
      '/home/professionals/999': { status: 404, body: { statusCode: 404, message: 'Profesional no encontrado' } },
      '/home/reviews': { body: [] },
    });
    const { location } = renderDetail('/detail/999');
    expect(await screen.findByText('El profesional no existe')).toBeInTheDocument();
    expect(screen.queryByTestId('professional-detail')).not.toBeInTheDocument();

    await userEvent.click(screen.getByText('Volver a Inicio'));
    expect(location()).toBe('/home');
  });

  it('does not ask the API about an id that cannot exist', async () => {
    const fetch = stubFetch({});
    renderDetail('/detail/abc');
    expect(await screen.findByText('El profesional no existe')).toBeInTheDocument();
    expect(fetch.mock).not.toHaveBeenCalled();
  });

  it('shows an error alert when the request fails for another reason', async () => {
    stubFetch({ '/home/professionals/7': { status: 500, body: { message: 'Error interno' } }, '/home/reviews': { body: [] } });
    renderDetail('/detail/7');
    expect(await screen.findByTestId('query-error')).toHaveTextContent('No se pudo cargar el profesional');
    expect(screen.queryByText('El profesional no existe')).not.toBeInTheDocument();
  });
});
