import { localityLabel, type Locality } from '@oficios/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { CABALLITO, CASTELAR_BUENOS_AIRES, CASTELAR_SANTA_FE, localityRoutes, PALERMO } from '../../../testing/locality-fixtures';
import { createTestQueryClient, TestProviders } from '../../../testing/render';
import { LocalitiesField } from './localities-field';
import { LocalityField } from './locality-field';

afterEach(restoreFetch);

function popupOf(combobox: HTMLElement): HTMLElement {
  return document.getElementById(combobox.getAttribute('aria-controls')!)!.closest<HTMLElement>('.ant-select-dropdown')!;
}

/** The field itself (what it shows as chosen), apart from its popup. */
function fieldOf(combobox: HTMLElement): HTMLElement {
  return combobox.closest<HTMLElement>('.ant-select')!;
}

function optionTitles(combobox: HTMLElement): string[] {
  return Array.from(popupOf(combobox).querySelectorAll('.ant-select-item-option')).map((option) => option.getAttribute('title') ?? '');
}

function Single({
  initial = null,
  onChange,
}: {
  initial?: string | null;
  onChange: (id: string | null, locality: Locality | null) => void;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <LocalityField
      aria-label="Localidad"
      value={value}
      onChange={(id, locality) => {
        setValue(id);
        onChange(id, locality);
      }}
    />
  );
}

function renderField(element: React.ReactElement) {
  return render(<TestProviders queryClient={createTestQueryClient()}>{element}</TestProviders>);
}

describe('LocalityField', () => {
  it('searches the API once the typing pauses and shows each match with its province', async () => {
    const fetch = stubFetch(localityRoutes());
    renderField(<Single onChange={jest.fn()} />);
    const combobox = screen.getByRole('combobox', { name: 'Localidad' });

    await userEvent.type(combobox, 'castel');

    await waitFor(() => expect(optionTitles(combobox)).toEqual([localityLabel(CASTELAR_BUENOS_AIRES), localityLabel(CASTELAR_SANTA_FE)]));
    expect(optionTitles(combobox)).toEqual(['Castelar, Buenos Aires', 'Castelar, Santa Fe']);
    // One question for the whole word, not one per key.
    expect(fetch.callsTo('/home/localities').map((url) => url.searchParams.get('search'))).toEqual(['castel']);
  });

  it('gives the chosen locality and its id, and then reads it with its province', async () => {
    stubFetch(localityRoutes());
    const onChange = jest.fn();
    renderField(<Single onChange={onChange} />);
    const combobox = screen.getByRole('combobox', { name: 'Localidad' });

    await userEvent.type(combobox, 'castel');
    await waitFor(() => expect(optionTitles(combobox)).toHaveLength(2));
    fireEvent.click(within(popupOf(combobox)).getByTitle('Castelar, Santa Fe'));

    expect(onChange).toHaveBeenLastCalledWith(CASTELAR_SANTA_FE.id, CASTELAR_SANTA_FE);
    await waitFor(() => expect(fieldOf(combobox).querySelector('.ant-select-content')).toHaveAttribute('title', 'Castelar, Santa Fe'));
  });

  it('names a locality given by its id with its province', async () => {
    const fetch = stubFetch(localityRoutes());
    renderField(<Single initial={CABALLITO.id} onChange={jest.fn()} />);

    expect(await screen.findByText('Caballito, Ciudad Autónoma de Buenos Aires')).toBeInTheDocument();
    expect(fetch.callsTo(`/home/localities/${CABALLITO.id}`)).toHaveLength(1);
  });

  it('says so when nothing matches and when the search fails', async () => {
    stubFetch({
      ...localityRoutes(),
      '/home/localities': (url) => (url.searchParams.get('search') === 'zz' ? { body: [] } : { status: 500, body: {} }),
    });
    renderField(<Single onChange={jest.fn()} />);
    const combobox = screen.getByRole('combobox', { name: 'Localidad' });

    await userEvent.type(combobox, 'zz');
    expect(await within(popupOf(combobox)).findByText('Escribe para buscar una localidad')).toBeInTheDocument();

    await userEvent.type(combobox, 'x');
    expect(await within(popupOf(combobox)).findByText('No se pudieron buscar las localidades')).toBeInTheDocument();
  });
});

function Several({ initial, onChange }: { initial: string[]; onChange: (ids: string[], localities: Locality[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <LocalitiesField
      aria-label="Localidades extra"
      value={value}
      onChange={(ids, localities) => {
        setValue(ids);
        onChange(ids, localities);
      }}
    />
  );
}

describe('LocalitiesField', () => {
  it('shows the localities given by id and adds a searched one', async () => {
    stubFetch(localityRoutes());
    const onChange = jest.fn();
    renderField(<Several initial={[PALERMO.id]} onChange={onChange} />);
    expect(await screen.findByText('Palermo, Ciudad Autónoma de Buenos Aires')).toBeInTheDocument();
    const combobox = screen.getByRole('combobox', { name: 'Localidades extra' });

    await userEvent.type(combobox, 'cabal');
    await waitFor(() => expect(optionTitles(combobox)).toContain(localityLabel(CABALLITO)));
    fireEvent.click(within(popupOf(combobox)).getByTitle(localityLabel(CABALLITO)));

    expect(onChange).toHaveBeenLastCalledWith([PALERMO.id, CABALLITO.id], [PALERMO, CABALLITO]);
    expect(await within(fieldOf(combobox)).findByText('Caballito, Ciudad Autónoma de Buenos Aires')).toBeInTheDocument();
  });
});
