import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authDrawerAtom } from '../../shared/state/auth-drawer.atom';
import { sessionAnswer } from '../../testing/auth-fixtures';
import { restoreFetch, stubFetch } from '../../testing/fetch-stub';
import { PROFESSIONS } from '../../testing/fixtures';
import { routes } from '../routes';
import { renderRoutes } from '../../testing/render';

jest.setTimeout(20_000);

describe('/login', () => {
  afterEach(restoreFetch);

  it('opens the login drawer over the landing page and goes back to / once closed', async () => {
    stubFetch({ '/home/user/me': { status: 401, body: {} }, '/home/professions': { body: PROFESSIONS } });
    const { store, location } = renderRoutes(routes, { path: '/login' });
    expect(await screen.findByTestId('drawer-login')).toBeInTheDocument();
    expect(screen.getByText('Elige una profesion:')).toBeInTheDocument();
    expect(location()).toBe('/login');

    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(store.get(authDrawerAtom)).toBeNull();
  });

  it('sends a signed-in user to /', async () => {
    stubFetch({ '/home/user/me': { body: { ...sessionAnswer(), profile: {} } }, '/home/professions': { body: PROFESSIONS } });
    const { store, location } = renderRoutes(routes, { path: '/login' });
    await waitFor(() => expect(location()).toBe('/'));
    expect(store.get(authDrawerAtom)).toBeNull();
  });
});
