import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authDrawerAtom } from '../../../shared/state/auth-drawer.atom';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { PROFESSIONS } from '../../../testing/fixtures';
import { session } from '../../../testing/profile-fixtures';
import { renderPage } from '../../../testing/render';
import { AdminPage } from './admin-page';
import { SLOW, STATISTICS } from '../../../testing/admin-test-utils';

jest.setTimeout(30_000);

function setup(me: unknown, { path = '/admin', status = 200 } = {}) {
  const fetch = stubFetch({
    '/home/user/me': status === 200 ? { body: me } : { status, body: { statusCode: status, message: 'No autenticado' } },
    '/api/admin/statistics': { body: STATISTICS },
    '/home/professions': { body: PROFESSIONS },
    '/api/orders': { body: { items: [], total: 0, page: 1, pageSize: 10 } },
  });
  return { fetch, ...renderPage(<AdminPage />, { routePath: 'admin', path }) };
}

const admin = () => session('administrador', { id: 1, firstName: 'Admin', lastName: 'Root', email: 'admin@oficios.local' });

describe('/admin', () => {
  afterEach(restoreFetch);

  it('shows the admin card and "Datos de la Pagina" with the site counts and professionals per profession', async () => {
    const { fetch } = setup(admin());
    const panel = await screen.findByTestId('admin-panel', {}, SLOW);
    // The page's <main> (AppLayout) holds the panel: one main landmark, not a second one inside.
    expect(within(panel).queryByRole('main')).toBeNull();
    const card = within(panel).getByTestId('admin-card');
    expect(within(card).getByTestId('profile-name')).toHaveTextContent('Admin Root');
    expect(within(card).getByTestId('profile-id')).toHaveTextContent('1');
    expect(within(card).getByTestId('profile-email')).toHaveTextContent('admin@oficios.local');
    expect(within(card).getByTestId('profile-phone')).toHaveTextContent('11 5555 1234');
    expect(within(card).getByTestId('profile-address')).toHaveTextContent('Calle Falsa 123');
    expect(within(card).getByAltText('Foto de Admin Root')).toHaveAttribute('src', 'http://localhost:3001/avatars/5.svg');

    const stats = within(panel).getByTestId('statistics-card');
    expect(stats).toHaveTextContent('Datos de la Pagina');
    await waitFor(() => expect(within(stats).getAllByTestId('profession-stat')).toHaveLength(3), SLOW);
    expect(within(stats).getByTestId('stat-professionals')).toHaveTextContent('Profesionales42');
    expect(within(stats).getByTestId('stat-professions')).toHaveTextContent('Profesiones3');
    expect(within(stats).getByTestId('stat-clients')).toHaveTextContent('Clientes17');
    const rows = within(stats).getAllByTestId('profession-stat');
    expect(rows.map((row) => within(row).getByTestId('profession-stat-name').textContent)).toEqual(['Plomero', 'Técnico PC', 'Herrero']);
    expect(rows.map((row) => row.getAttribute('data-count'))).toEqual(['20', '22', '0']);
    expect(rows[1]).toHaveTextContent('22');
    expect(fetch.callsTo('/api/admin/statistics')).toHaveLength(1);

    const queues = within(panel).getByRole('link', { name: 'Colas (Bull Board)' });
    expect(queues).toHaveAttribute('href', 'http://localhost:3001/admin/queues');
    expect(queues).toHaveAttribute('target', '_blank');
  });

  it('"Herramientas" opens "Modificaciones" with its tools; picking one shows it', async () => {
    const { location } = setup(admin());
    await userEvent.click(await screen.findByRole('button', { name: 'Herramientas' }, SLOW));
    const drawer = await screen.findByRole('dialog', { name: 'Modificaciones' }, SLOW);
    const tools = within(drawer)
      .getAllByRole('button')
      .map((button) => button.textContent)
      .filter((text) => text !== '');
    expect(tools).toEqual(['Editar Profesionales', 'Ordenes de Compra', 'Crear Profesiones', 'Disputas', 'Conversaciones']);

    await userEvent.click(within(drawer).getByRole('button', { name: 'Ordenes de Compra' }));
    expect(await screen.findByRole('heading', { name: 'Editar Ordenes' }, SLOW)).toBeInTheDocument();
    expect(location()).toBe('/admin?herramienta=ordenes');

    await userEvent.click(screen.getByRole('button', { name: 'Herramientas' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Modificaciones' })).getByRole('button', { name: 'Crear Profesiones' }),
    );
    expect(await screen.findByRole('heading', { name: 'Crea una nueva profesion' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Editar Ordenes' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Herramientas' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Modificaciones' })).getByRole('button', { name: 'Editar Profesionales' }),
    );
    expect(await screen.findByText('Busca un cliente en la base de datos por su id.', {}, SLOW)).toBeInTheDocument();
    expect(location()).toBe('/admin?herramienta=profesionales');
  });

  it('opens the tool named in the URL', async () => {
    setup(admin(), { path: '/admin?herramienta=profesiones' });
    expect(await screen.findByRole('heading', { name: 'Crea una nueva profesion' }, SLOW)).toBeInTheDocument();
  });

  it('"Volver" goes to /', async () => {
    const { location } = setup(admin());
    await userEvent.click(await screen.findByRole('link', { name: 'Volver' }, SLOW));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it.each(['cliente', 'profesional'] as const)('refuses a %s with a 403 and a way home', async (type) => {
    const { fetch, location } = setup(session(type));
    const refused = await screen.findByTestId('admin-forbidden', {}, SLOW);
    expect(refused).toHaveTextContent('403');
    expect(refused).toHaveTextContent('No tienes permiso para ver esta página');
    expect(screen.queryByTestId('admin-panel')).not.toBeInTheDocument();
    expect(fetch.callsTo('/api/admin/statistics')).toHaveLength(0);
    await userEvent.click(within(refused).getByRole('link', { name: 'Volver a Home' }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('asks an anonymous visitor to sign in', async () => {
    const { store, fetch } = setup(null, { status: 401 });
    const signIn = await screen.findByTestId('admin-sign-in', {}, SLOW);
    expect(signIn).toHaveTextContent('Inicia sesión para continuar');
    expect(fetch.callsTo('/api/admin/statistics')).toHaveLength(0);
    await userEvent.click(within(signIn).getByRole('button', { name: 'Ingresar' }));
    expect(store.get(authDrawerAtom)).toBe('login');
    expect(within(signIn).getByRole('link', { name: 'Volver a Home' })).toHaveAttribute('href', '/');
  });
});
