import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { PROFESSIONS } from '../../../testing/fixtures';
import { CABALLITO, localityRoutes, ROSARIO } from '../../../testing/locality-fixtures';
import { renderPage } from '../../../testing/render';
import { VISITOR_PLACE_STORAGE_KEY } from '../../localities';
import { LandingPage } from './landing-page';

jest.setTimeout(20_000);

function renderLanding() {
  stubFetch({
    ...localityRoutes(),
    '/home/professions': { body: PROFESSIONS },
    '/home/user/me': { status: 401, body: { statusCode: 401, message: 'Sin sesión' } },
  });
  return renderPage(<LandingPage />, { routePath: '/', path: '/' });
}

beforeEach(() => window.localStorage.clear());
afterEach(restoreFetch);

describe("The landing's place picker", () => {
  it('sends the profession buttons to the listing near the chosen place, and remembers it', async () => {
    const { location } = renderLanding();
    const field = await screen.findByRole('combobox', { name: '¿Dónde lo necesitas?' });
    expect(screen.getByRole('link', { name: 'Plomero' })).toHaveAttribute('href', '/home/plomero');

    await userEvent.type(field, 'caball');
    const popup = () => document.getElementById(field.getAttribute('aria-controls')!)!.closest<HTMLElement>('.ant-select-dropdown')!;
    await waitFor(() => expect(within(popup()).getByTitle('Caballito, Ciudad Autónoma de Buenos Aires')).toBeInTheDocument());
    fireEvent.click(within(popup()).getByTitle('Caballito, Ciudad Autónoma de Buenos Aires'));

    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Plomero' })).toHaveAttribute('href', `/home/plomero?near=${CABALLITO.id}`),
    );
    expect(screen.getByRole('link', { name: 'Todas las profesiones' })).toHaveAttribute('href', `/home?near=${CABALLITO.id}`);
    expect(JSON.parse(window.localStorage.getItem(VISITOR_PLACE_STORAGE_KEY)!)).toEqual(CABALLITO);

    await userEvent.click(screen.getByRole('link', { name: 'Técnico PC' }));
    expect(location()).toBe(`/home/t%C3%A9cnico%20PC?near=${CABALLITO.id}`);
  });

  it('starts from the place the visitor chose before', async () => {
    window.localStorage.setItem(VISITOR_PLACE_STORAGE_KEY, JSON.stringify(ROSARIO));
    renderLanding();
    expect(await screen.findByRole('link', { name: 'Gasista' })).toHaveAttribute('href', `/home/gasista?near=${ROSARIO.id}`);
    expect(screen.getByTestId('landing-place')).toHaveTextContent('Rosario, Santa Fe');
  });
});
