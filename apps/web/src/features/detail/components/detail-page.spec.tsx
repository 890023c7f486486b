import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { professionalDetail, review } from '../../../testing/fixtures';
import { renderPage } from '../../../testing/render';
import { DetailPage } from './detail-page';

jest.setTimeout(20_000);

const lucia = professionalDetail(7, {
  firstName: 'Lucía',
  lastName: 'Gómez',
  address: 'Av. Siempreviva 742',
  email: 'lucia@oficios.test',
  phoneNumber: '11 4444 5555',
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
    expect(screen.getByTestId('detail-address')).toHaveTextContent('Av. Siempreviva 742');
    expect(screen.getByTestId('detail-email')).toHaveTextContent('lucia@oficios.test');
    expect(screen.getByTestId('detail-phone')).toHaveTextContent('11 4444 5555');
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
