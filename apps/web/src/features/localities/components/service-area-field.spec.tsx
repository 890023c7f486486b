import { SERVICE_AREA_MESSAGES } from '@oficios/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { CABALLITO, localityRoutes, PALERMO, ROSARIO } from '../../../testing/locality-fixtures';
import { createTestQueryClient, TestProviders } from '../../../testing/render';
import {
  EMPTY_SERVICE_AREA,
  ServiceAreaField,
  serviceAreaBodyOf,
  serviceAreaErrors,
  serviceAreaValueOf,
  type ServiceAreaValue,
} from './service-area-field';

afterEach(restoreFetch);

describe('service area values', () => {
  it('an answer’s area becomes the form’s ids, and nothing chosen means no area', () => {
    expect(serviceAreaValueOf(null)).toEqual(EMPTY_SERVICE_AREA);
    const value = serviceAreaValueOf({ locality: CABALLITO, radiusKm: 15, extraLocalities: [ROSARIO], excludedLocalities: [PALERMO] });
    expect(value).toEqual({ localityId: CABALLITO.id, radiusKm: 15, extraLocalityIds: [ROSARIO.id], excludedLocalityIds: [PALERMO.id] });
    expect(serviceAreaBodyOf(value)).toEqual(value);
    expect(serviceAreaBodyOf(EMPTY_SERVICE_AREA)).toBeNull();
    expect(serviceAreaBodyOf(undefined)).toBeNull();
  });

  it('a half-filled area is sent as typed, so the shared rule names what is missing', () => {
    expect(serviceAreaBodyOf({ ...EMPTY_SERVICE_AREA, localityId: CABALLITO.id })).toMatchObject({ localityId: CABALLITO.id });
    expect(serviceAreaBodyOf({ ...EMPTY_SERVICE_AREA, radiusKm: 10 })).toMatchObject({ localityId: '', radiusKm: 10 });
  });

  it('collects the messages of the area and its parts, once each', () => {
    expect(
      serviceAreaErrors([
        { field: 'serviceArea.radiusKm', message: SERVICE_AREA_MESSAGES.radius },
        { field: 'serviceArea.extraLocalityIds[1]', message: SERVICE_AREA_MESSAGES.locality },
        { field: 'serviceArea.excludedLocalityIds[0]', message: SERVICE_AREA_MESSAGES.locality },
        { field: 'serviceAreas', message: 'otro campo' },
        { field: 'dayPrice', message: 'precio' },
      ]),
    ).toEqual([SERVICE_AREA_MESSAGES.radius, SERVICE_AREA_MESSAGES.locality]);
  });
});

function Controlled({ initial, onChange }: { initial: ServiceAreaValue; onChange: (value: ServiceAreaValue) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ServiceAreaField
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function renderField(initial: ServiceAreaValue, onChange = jest.fn()) {
  render(
    <TestProviders queryClient={createTestQueryClient()}>
      <Controlled initial={initial} onChange={onChange} />
    </TestProviders>,
  );
  return onChange;
}

describe('ServiceAreaField', () => {
  it('shows a stored area with each locality and its province, and the radius', async () => {
    stubFetch(localityRoutes());
    renderField({ localityId: CABALLITO.id, radiusKm: 15, extraLocalityIds: [ROSARIO.id], excludedLocalityIds: [PALERMO.id] });
    expect(screen.getByRole('group', { name: 'Zona de trabajo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Radio en km')).toHaveValue('15');
    await waitFor(() => expect(screen.getByTitle('Caballito, Ciudad Autónoma de Buenos Aires')).toBeInTheDocument());
    expect(screen.getByTitle('Rosario, Santa Fe')).toBeInTheDocument();
    expect(screen.getByTitle('Palermo, Ciudad Autónoma de Buenos Aires')).toBeInTheDocument();
  });

  it('changes the base from the API’s search and the radius as typed, keeping the rest', async () => {
    stubFetch(localityRoutes());
    const onChange = renderField({ ...EMPTY_SERVICE_AREA, extraLocalityIds: [ROSARIO.id] });

    await userEvent.type(screen.getByRole('combobox', { name: 'Localidad base' }), 'palerm');
    await userEvent.click(await screen.findByTitle('Palermo, Ciudad Autónoma de Buenos Aires'));
    expect(onChange).toHaveBeenLastCalledWith({ ...EMPTY_SERVICE_AREA, localityId: PALERMO.id, extraLocalityIds: [ROSARIO.id] });

    fireEvent.change(screen.getByLabelText('Radio en km'), { target: { value: '12' } });
    expect(onChange).toHaveBeenLastCalledWith({
      localityId: PALERMO.id,
      radiusKm: 12,
      extraLocalityIds: [ROSARIO.id],
      excludedLocalityIds: [],
    });
  });
});
