import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch } from '../testing/fetch-stub';
import { renderRoutes } from '../testing/render';
import { routes } from './routes';

describe('404 page', () => {
  beforeEach(() => stubFetch({ '/home/professions': { body: [] } }));
  afterEach(restoreFetch);

  it('answers any unknown path with the spec texts and a way home', async () => {
    const { location } = renderRoutes(routes, { path: '/no/existe' });
    expect(await screen.findByText('Opps! Página no encontrada.')).toBeInTheDocument();
    expect(screen.getByText('La página que buscas no existe.')).toBeInTheDocument();
    const back = screen.getByRole('link', { name: 'Volver a Home' });
    expect(back).toHaveAttribute('href', '/');

    await userEvent.click(back);
    expect(location()).toBe('/');
    expect(await screen.findByText('Elige una profesion:')).toBeInTheDocument();
  });

  it('is not shown for the known routes', async () => {
    renderRoutes(routes, { path: '/' });
    expect(await screen.findByText('Elige una profesion:')).toBeInTheDocument();
    expect(screen.queryByText('Opps! Página no encontrada.')).not.toBeInTheDocument();
  });
});
