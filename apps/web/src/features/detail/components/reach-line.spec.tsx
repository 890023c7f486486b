import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { professionalDetail } from '../../../testing/fixtures';
import { CABALLITO, localityRoutes, PALERMO, ROSARIO } from '../../../testing/locality-fixtures';
import { renderPage } from '../../../testing/render';
import { VISITOR_PLACE_STORAGE_KEY } from '../../localities';
import { DetailPage } from './detail-page';

jest.setTimeout(20_000);

// Based in Caballito, up to 15 km: Palermo is reached, Rosario is not.
const lucia = professionalDetail(7, {
  firstName: 'Lucía',
  lastName: 'Gómez',
  locality: 'Caballito',
  serviceArea: { locality: CABALLITO, radiusKm: 15, extraLocalities: [], excludedLocalities: [] },
});

function renderDetail(answer = lucia) {
  stubFetch({
    ...localityRoutes(),
    '/home/user/me': { status: 401, body: { statusCode: 401, message: 'Sin sesión' } },
    '/home/professionals/7': { body: answer },
    '/home/reviews': { body: [] },
  });
  return renderPage(<DetailPage />, { routePath: 'detail/:id', path: '/detail/7' });
}

beforeEach(() => window.localStorage.clear());
afterEach(restoreFetch);

describe("The detail's reach line", () => {
  it("says the professional reaches the visitor's remembered place, with the distance", async () => {
    window.localStorage.setItem(VISITOR_PLACE_STORAGE_KEY, JSON.stringify(PALERMO));
    renderDetail();
    expect(await screen.findByTestId('detail-reach-text')).toHaveTextContent('Llega a Palermo (a 4,3 km)');
    expect(screen.getByTestId('detail-reach-text')).toHaveAttribute('data-reaches', 'true');
  });

  it('asks for the place when there is none, then says why a far one is not reached, and can change it', async () => {
    renderDetail();
    const field = await screen.findByRole('combobox', { name: '¿Llega a tu localidad?' });

    await userEvent.type(field, 'rosar');
    const popup = () => document.getElementById(field.getAttribute('aria-controls')!)!.closest<HTMLElement>('.ant-select-dropdown')!;
    await waitFor(() => expect(within(popup()).getByTitle('Rosario, Santa Fe')).toBeInTheDocument());
    fireEvent.click(within(popup()).getByTitle('Rosario, Santa Fe'));

    expect(await screen.findByTestId('detail-reach-text')).toHaveTextContent(
      'No trabaja en Rosario: está a 275,1 km y su zona es Caballito y hasta 15 km',
    );
    expect(JSON.parse(window.localStorage.getItem(VISITOR_PLACE_STORAGE_KEY)!)).toEqual(ROSARIO);

    await userEvent.click(screen.getByTestId('detail-reach-change'));
    expect(screen.getByRole('combobox', { name: '¿Llega a tu localidad?' })).toBeInTheDocument();
  });

  it('says nothing of a professional without an area (they work everywhere)', async () => {
    window.localStorage.setItem(VISITOR_PLACE_STORAGE_KEY, JSON.stringify(ROSARIO));
    renderDetail({ ...lucia, serviceArea: null });
    expect(await screen.findByTestId('detail-name')).toBeInTheDocument();
    expect(screen.queryByTestId('detail-reach')).not.toBeInTheDocument();
  });
});
