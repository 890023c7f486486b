import { PROFESSIONAL_EDIT_MESSAGES as E, REGISTRATION_MESSAGES as M } from '@oficios/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch, type FetchStub } from '../../../testing/fetch-stub';
import { PROFESSIONS } from '../../../testing/fixtures';
import { sessionUser } from '../../../testing/profile-fixtures';
import { renderPage } from '../../../testing/render';
import { MyBusinessCard } from './my-business-card';

jest.setTimeout(30_000);

const gaston = sessionUser('profesional', {
  id: 12,
  firstName: 'Gastón',
  lastName: 'Ibarra',
  dayPrice: 18500,
  availableDays: ['lunes', 'miercoles', 'sabado'],
  professions: [{ id: 2, name: 'gasista' }],
  aboutMe: 'Gasista matriculado.\nPruebas de hermeticidad.',
});

function renderCard(business = gaston) {
  return renderPage(<MyBusinessCard business={business} />, { routePath: 'details/me', path: '/details/me' });
}

const bodyOf = (fetch: FetchStub) =>
  JSON.parse(String(fetch.mock.mock.calls.find(([url]) => String(url).endsWith('/api/professionals/me'))![1]!.body));

describe('MyBusinessCard', () => {
  afterEach(restoreFetch);

  it('shows the business as clients see it, the bio as written, and links to the public page', async () => {
    stubFetch({});
    const { location } = renderCard();
    expect(screen.getByTestId('business-day-price').textContent?.replace(/\s/g, ' ')).toBe('$ 18.500');
    expect(screen.getByTestId('business-days')).toHaveTextContent('Lunes, Miércoles, Sábado');
    expect(screen.getByTestId('business-professions')).toHaveTextContent('Gasista');
    expect(screen.getByTestId('business-about').textContent).toBe('Gasista matriculado.\nPruebas de hermeticidad.');
    await userEvent.click(screen.getByRole('link', { name: /Ver mi página pública/ }));
    await waitFor(() => expect(location()).toBe('/detail/12'));
  });

  it('shows no invented bio when there is none', () => {
    stubFetch({});
    renderCard({ ...gaston, aboutMe: '' });
    expect(screen.queryByTestId('business-about')).not.toBeInTheDocument();
    expect(screen.getByTestId('business-about-empty')).toHaveTextContent('Todavía no escribiste sobre vos');
  });

  it('checks the edit with the shared rule, sends nothing while it is wrong, then saves the whole business', async () => {
    const fetch = stubFetch({
      '/home/professions': { body: PROFESSIONS },
      '/api/professionals/me': { body: { ...gaston, dayPrice: 25000 } },
    });
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: /Editar mi negocio/ }));
    const dialog = await screen.findByRole('dialog');
    const price = within(dialog).getByLabelText('Precio por dia');
    expect(price).toHaveValue('18500');
    await userEvent.clear(price);
    for (const day of ['Lunes', 'Miércoles', 'Sábado']) await userEvent.click(within(dialog).getByLabelText(day));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(dialog).findByText(E.dayPriceRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(E.availableDays)).toBeInTheDocument();
    expect(fetch.callsTo('/api/professionals/me')).toHaveLength(0);

    await userEvent.type(price, '25000');
    await userEvent.click(within(dialog).getByLabelText('Viernes'));
    await userEvent.click(await within(dialog).findByLabelText('Plomero'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(fetch.callsTo('/api/professionals/me')).toHaveLength(1));
    expect(bodyOf(fetch)).toEqual({
      dayPrice: 25000,
      availableDays: ['viernes'],
      professions: ['plomero', 'gasista'],
      aboutMe: 'Gasista matriculado.\nPruebas de hermeticidad.',
      profileImg: '/avatars/5.svg',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal under its field", async () => {
    stubFetch({
      '/home/professions': { body: PROFESSIONS },
      '/api/professionals/me': {
        status: 400,
        body: {
          statusCode: 400,
          message: 'Datos invalidos',
          errors: [{ field: 'professions', message: 'Profesion desconocida: gasista' }],
        },
      },
    });
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: /Editar mi negocio/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(dialog).findByText('Profesion desconocida: gasista')).toBeInTheDocument();
    expect(within(dialog).queryByText(M.professions)).not.toBeInTheDocument();
  });
});
