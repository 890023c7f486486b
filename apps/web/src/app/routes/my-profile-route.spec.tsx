import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch } from '../../testing/fetch-stub';
import { review } from '../../testing/fixtures';
import { jobBooking, historyBooking, session } from '../../testing/profile-fixtures';
import { renderPage } from '../../testing/render';
import { MyProfileRoute } from './my-profile-route';

jest.setTimeout(20_000);

function renderMe() {
  return renderPage(<MyProfileRoute />, { routePath: 'details/me', path: '/details/me' });
}

describe('/details/me', () => {
  afterEach(restoreFetch);

  it('shows a spinner, then the client profile with its purchase history for a cliente', async () => {
    stubFetch({ '/home/user/me': { body: session('cliente', {}, { shoppingHistory: [historyBooking(1), historyBooking(2)] }) } });
    renderMe();
    expect(screen.getByTestId('loading')).toBeInTheDocument();

    const profile = await screen.findByTestId('client-profile');
    expect(within(profile).getByTestId('profile-name')).toHaveTextContent('Ana Ruiz');
    expect(within(profile).getByTestId('profile-email')).toHaveTextContent('ana@oficios.test');
    expect(within(profile).getByTestId('profile-phone')).toHaveTextContent('11 5555 1234');
    expect(within(profile).getByTestId('profile-address')).toHaveTextContent('Calle Falsa 123');
    expect(screen.getByAltText('Foto de Ana Ruiz')).toHaveAttribute('src', 'http://localhost:3001/avatars/5.svg');
    expect(screen.getByTestId('edit-profile-button')).toHaveTextContent('Editar Perfil');
    expect(screen.getByText('Historial de Compras')).toBeInTheDocument();
    const lines = within(screen.getByTestId('purchase-history')).getAllByTestId('history-line');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(within(line).getByRole('button', { name: /Ver conversación/ })).toBeInTheDocument();
    expect(screen.queryByTestId('professional-profile')).not.toBeInTheDocument();
  });

  it('shows a friendly empty history', async () => {
    stubFetch({ '/home/user/me': { body: session('cliente', {}, { shoppingHistory: [] }) } });
    renderMe();
    const history = await screen.findByTestId('purchase-history');
    expect(history).toHaveTextContent('Todavía no compraste ningún servicio');
    expect(within(history).queryByTestId('history-line')).not.toBeInTheDocument();
  });

  it('shows the professional profile for a profesional', async () => {
    stubFetch({
      '/home/user/me': {
        body: session(
          'profesional',
          { firstName: 'Lucía', lastName: 'Gómez', professions: [{ id: 1, name: 'plomero' }] },
          {
            reviews: [review(1, 5)],
            jobs: [jobBooking(1)],
          },
        ),
      },
    });
    renderMe();
    const profile = await screen.findByTestId('professional-profile');
    expect(within(profile).getByTestId('profile-name')).toHaveTextContent('Lucía Gómez');
    expect(within(profile).getAllByTestId('profile-review')).toHaveLength(1);
    expect(within(profile).getAllByTestId('job-line')).toHaveLength(1);
    expect(
      within(profile.querySelector('[data-testid="job-line"]')!).getByRole('button', { name: /Ver conversación/ }),
    ).toBeInTheDocument();
    expect(within(profile).getByRole('link', { name: 'Plomero' })).toHaveAttribute('href', '/home/plomero');
    expect(screen.queryByTestId('client-profile')).not.toBeInTheDocument();
    expect(screen.queryByTestId('edit-profile-button')).not.toBeInTheDocument();
  });

  it('shows the admin panel (card, "Datos de la Pagina", "Volver") for an administrador', async () => {
    stubFetch({
      '/home/user/me': { body: session('administrador', { id: 1, firstName: 'Admin', lastName: 'Root' }) },
      '/api/admin/statistics': {
        body: { professionals: 3, professions: 1, clients: 2, byProfession: [{ id: 1, name: 'plomero', professionals: 3 }] },
      },
    });
    const { location } = renderMe();
    const panel = await screen.findByTestId('admin-panel', {}, { timeout: 5000 });
    expect(within(panel).getByTestId('profile-name')).toHaveTextContent('Admin Root');
    expect(within(panel).getByTestId('profile-id')).toHaveTextContent('1');
    expect(within(panel).getByTestId('profile-email')).toHaveTextContent('ana@oficios.test');
    expect(within(panel).getByTestId('profile-phone')).toHaveTextContent('11 5555 1234');
    expect(within(panel).getByTestId('profile-address')).toHaveTextContent('Calle Falsa 123');
    expect(within(panel).getByAltText('Foto de Admin Root')).toBeInTheDocument();
    expect(await within(panel).findByText('Plomero')).toBeInTheDocument();
    expect(within(panel).getByText('Datos de la Pagina')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('link', { name: 'Volver' }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it.each(['cliente', 'profesional', 'administrador'] as const)(
    'offers "Cerrar sesión en todos los dispositivos" and the e-mail status to a %s',
    async (type) => {
      stubFetch({
        '/home/user/me': { body: session(type, { emailVerified: false }) },
        '/api/admin/statistics': { body: { professionals: 0, professions: 0, clients: 0, byProfession: [] } },
      });
      renderMe();
      const security = await screen.findByTestId('account-security', {}, { timeout: 5000 });
      expect(within(security).getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' })).toBeInTheDocument();
      expect(within(security).getByTestId('email-unverified')).toHaveTextContent('ana@oficios.test');
    },
  );

  it('says "No existe dicho usuario" for any other type', async () => {
    const odd = session('cliente');
    (odd.dataValues as { type: string }).type = 'invitado';
    stubFetch({ '/home/user/me': { body: odd } });
    renderMe();
    expect(await screen.findByText('No existe dicho usuario')).toBeInTheDocument();
    expect(screen.queryByTestId('client-profile')).not.toBeInTheDocument();
    expect(screen.queryByTestId('no-user')).not.toBeInTheDocument();
    expect(screen.queryByTestId('account-security')).not.toBeInTheDocument();
  });

  it('asks an anonymous visitor to go home', async () => {
    stubFetch({ '/home/user/me': { status: 401, body: { statusCode: 401, message: 'No autenticado' } } });
    const { location } = renderMe();
    const noUser = await screen.findByTestId('no-user');
    expect(noUser).toHaveTextContent('Ha ocurrido un problema');
    expect(noUser).toHaveTextContent('Redirigete hacia Home.');

    await userEvent.click(within(noUser).getByRole('link', { name: 'HOME' }));
    await waitFor(() => expect(location()).toBe('/'));
  });
});
