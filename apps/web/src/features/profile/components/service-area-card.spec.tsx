import { SERVICE_AREA_MESSAGES } from '@oficios/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch, type RouteHandler } from '../../../testing/fetch-stub';
import { CABALLITO, localityRoutes, PALERMO, ROSARIO } from '../../../testing/locality-fixtures';
import { createTestQueryClient, TestProviders } from '../../../testing/render';
import { MISSING_AREA, ServiceAreaCard } from './service-area-card';

jest.setTimeout(30_000);
afterEach(restoreFetch);

function setup(area: Parameters<typeof ServiceAreaCard>[0]['area'], patch: RouteHandler = () => ({ body: {} })) {
  const fetch = stubFetch({ ...localityRoutes(), '/api/professionals/me': patch });
  render(
    <TestProviders queryClient={createTestQueryClient()}>
      <ServiceAreaCard area={area} />
    </TestProviders>,
  );
  const bodies = () =>
    fetch.mock.mock.calls
      .filter(([input]) => new URL(String(input)).pathname === '/api/professionals/me')
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
  return { bodies };
}

describe('ServiceAreaCard', () => {
  it('shows the area as clients read it, with the extras and exclusions by province', () => {
    setup({ locality: CABALLITO, radiusKm: 15, extraLocalities: [ROSARIO], excludedLocalities: [PALERMO] });
    expect(screen.getByTestId('service-area-line')).toHaveTextContent('Trabaja en Caballito y hasta 15 km');
    expect(screen.getByTestId('service-area-base')).toHaveTextContent('Caballito, Ciudad Autónoma de Buenos Aires');
    expect(screen.getByTestId('service-area-extra-tags')).toHaveTextContent('Rosario, Santa Fe');
    expect(screen.getByTestId('service-area-excluded-tags')).toHaveTextContent('Palermo, Ciudad Autónoma de Buenos Aires');
    expect(screen.queryByText(MISSING_AREA)).not.toBeInTheDocument();
  });

  it('without an area asks for it; the editor checks the radius before sending, then sends the area', async () => {
    const { bodies } = setup(null);
    expect(screen.getByTestId('service-area-missing')).toHaveTextContent(MISSING_AREA);
    await userEvent.click(screen.getByRole('button', { name: 'Indicar zona de trabajo' }));

    await userEvent.type(await screen.findByRole('combobox', { name: 'Localidad base' }), 'caball');
    await userEvent.click(await screen.findByTitle('Caballito, Ciudad Autónoma de Buenos Aires'));
    await userEvent.click(screen.getByTestId('service-area-save'));
    expect(await screen.findByText(SERVICE_AREA_MESSAGES.radius)).toBeInTheDocument();
    expect(bodies()).toEqual([]);

    fireEvent.change(screen.getByLabelText('Radio en km'), { target: { value: '15' } });
    await userEvent.click(screen.getByTestId('service-area-save'));
    await waitFor(() =>
      expect(bodies()).toEqual([
        { serviceArea: { localityId: CABALLITO.id, radiusKm: 15, extraLocalityIds: [], excludedLocalityIds: [] } },
      ]),
    );
  });

  it('shows the server’s refusal of an unknown locality under the field', async () => {
    const message = `${SERVICE_AREA_MESSAGES.unknownLocality}: ${CABALLITO.id}`;
    setup({ locality: CABALLITO, radiusKm: 15, extraLocalities: [], excludedLocalities: [] }, () => ({
      status: 400,
      body: { statusCode: 400, code: 'unknown_locality', message, errors: [{ field: 'serviceArea.localityId', message }] },
    }));
    await userEvent.click(screen.getByRole('button', { name: 'Editar zona de trabajo' }));
    fireEvent.change(await screen.findByLabelText('Radio en km'), { target: { value: '20' } });
    await userEvent.click(screen.getByTestId('service-area-save'));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByTestId('service-area-form')).toBeInTheDocument();
  });
});
