import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { historyBooking, sessionUser } from '../../../testing/profile-fixtures';
import { renderPage } from '../../../testing/render';
import { ClientProfilePage } from './client-profile-page';

jest.setTimeout(20_000);

const { type: _type, google: _google, ...ana } = sessionUser('cliente');

function renderClientPage(path: string) {
  return renderPage(<ClientProfilePage />, { routePath: 'details/client/:id', path });
}

describe('/details/client/:id', () => {
  afterEach(restoreFetch);

  it('loads the client and lists the details of all its orders, newest first', async () => {
    const fetch = stubFetch({
      '/api/clients/5': {
        body: {
          ...ana,
          cartId: 3,
          orders: [
            {
              id: 41,
              amount: 20000,
              status: 'completa',
              createdAt: '2026-10-01T12:00:00.000Z',
              orderDetails: [historyBooking(1, { createdAt: '2026-10-01T12:00:00.000Z' })],
            },
            {
              id: 42,
              amount: 30000,
              status: 'creada',
              createdAt: '2026-11-22T12:00:00.000Z',
              orderDetails: [historyBooking(2, { reservationAmount: 30000 })],
            },
          ],
        },
      },
    });
    renderClientPage('/details/client/5');
    expect(screen.getByTestId('loading')).toBeInTheDocument();

    const profile = await screen.findByTestId('client-profile');
    expect(within(profile).getByTestId('profile-name')).toHaveTextContent('Ana Ruiz');
    const lines = within(profile).getAllByTestId('history-line');
    expect(lines.map((line) => within(line).getByTestId('history-date').textContent)).toEqual(['dom 22 nov 2026', 'jue 01 oct 2026']);
    expect(fetch.callsTo('/api/clients/5')).toHaveLength(1);
  });

  it('shows the "no user" state when the API answers 403', async () => {
    stubFetch({ '/api/clients/9': { status: 403, body: { statusCode: 403, message: 'Forbidden' } } });
    const { location } = renderClientPage('/details/client/9');
    const noUser = await screen.findByTestId('no-user');
    expect(noUser).toHaveTextContent('Ha ocurrido un problema');
    expect(noUser).toHaveTextContent('Redirigete hacia Home.');
    expect(screen.queryByTestId('client-profile')).not.toBeInTheDocument();

    await userEvent.click(within(noUser).getByRole('link', { name: 'HOME' }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('does not ask the API about an id that cannot exist', async () => {
    const fetch = stubFetch({});
    renderClientPage('/details/client/abc');
    expect(await screen.findByTestId('no-user')).toBeInTheDocument();
    expect(fetch.mock).not.toHaveBeenCalled();
  });

  it('shows an error alert for other failures', async () => {
    stubFetch({ '/api/clients/5': { status: 500, body: { message: 'Error interno' } } });
    renderClientPage('/details/client/5');
    expect(await screen.findByTestId('query-error')).toHaveTextContent('No se pudo cargar el perfil');
    expect(screen.queryByTestId('no-user')).not.toBeInTheDocument();
  });
});
