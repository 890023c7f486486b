import { HIDDEN_CONTACT, PROFESSIONAL_EDIT_MESSAGES, type ManagedProfessional, type ProfessionalDetail } from '@oficios/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROFESSIONALS_QUERY_KEY, professionalDetailKey } from '../../../shared/api/query-keys';
import { managedProfessionalKey } from '../api/get-managed-professional';
import { restoreFetch, stubFetch, type FakeResponseInit, type RouteHandler } from '../../../testing/fetch-stub';
import { managedProfessional, PROFESSIONS } from '../../../testing/fixtures';
import { CABALLITO } from '../../../testing/locality-fixtures';
import { renderPage } from '../../../testing/render';
import { STATISTICS_QUERY_KEY } from '../api/get-statistics';
import { bodiesOf, chooseOption, SLOW } from '../../../testing/admin-test-utils';
import { EditProfessionalTool } from './edit-professional-tool';

jest.setTimeout(40_000);

const lucia: ManagedProfessional = managedProfessional(7, {
  firstName: 'Lucía',
  lastName: 'Gómez',
  email: 'lucia@oficios.test',
  phoneNumber: '1155550007',
  address: 'Calle 7 123, Palermo',
  locality: 'Palermo',
  profileImg: '/avatars/7.svg',
  availableDays: ['lunes', 'martes'],
  professions: [{ id: 1, name: 'plomero' }],
  rating: 4,
  reputation: 3,
  dayPrice: 1000,
});

/**
 * The server as a stand-in: the administrators' GET answers the stored professional, the public one hides its contact
 * (as the API does), PUT answers `put` (by default: stores the body).
 */
function setup(put?: RouteHandler | FakeResponseInit, overrides: Partial<ManagedProfessional> = {}) {
  let stored: ManagedProfessional = { ...lucia, ...overrides };
  const save: RouteHandler = (_url, init) => {
    const body = JSON.parse(String(init?.body)) as { professions: string[] };
    const professions = body.professions.map((name) => PROFESSIONS.find((p) => p.name === name)!);
    stored = { ...stored, ...body, professions } as ManagedProfessional;
    return { body: stored };
  };
  const answerPut = put === undefined ? save : typeof put === 'function' ? put : () => put;
  const fetch = stubFetch({
    '/api/admin/professionals/7': () => ({ body: stored }),
    '/home/professionals/7': (url, init) =>
      init?.method === 'PUT' ? answerPut(url, init) : { body: { ...stored, ...HIDDEN_CONTACT } satisfies ProfessionalDetail },
    '/home/professions': { body: PROFESSIONS },
  });
  return { fetch, ...renderPage(<EditProfessionalTool />, { routePath: 'admin', path: '/admin' }) };
}

async function search(text: string) {
  const box = screen.getByPlaceholderText('Buscar...');
  await userEvent.clear(box);
  await userEvent.type(box, `${text}{Enter}`);
}

const row = (field: string) => screen.getByTestId(`edit-row-${field}`);
/** "Finalizar Cambios" (by test id: role queries over the whole editor are slow under jsdom). */
const finish = () => screen.getByTestId('finish-changes');

/** Types into a field's input and presses its "Cambiar". */
async function change(field: string, value: string) {
  fireEvent.change(within(row(field)).getByRole('textbox'), { target: { value } });
  await userEvent.click(within(row(field)).getByTestId(`apply-${field}`));
}

async function addToList(field: 'availableDays' | 'professions', option: string) {
  await chooseOption(within(row(field)).getByRole('combobox'), option);
  await userEvent.click(within(row(field)).getByTestId(`apply-${field}`));
}

const chosen = (field: string) =>
  within(screen.getByTestId(`chosen-${field}`))
    .queryAllByTestId('chosen-tag')
    .map((tag) => tag.getAttribute('data-value'));

async function loadLucia() {
  await search('7');
  return screen.findByTestId('professional-editor', {}, SLOW);
}

describe('Editar Profesionales', () => {
  afterEach(restoreFetch);

  it('asks for an id before any search, then loads the professional by id', async () => {
    const { fetch } = setup();
    expect(screen.getByRole('heading', { name: 'Editar Profesionales' })).toBeInTheDocument();
    expect(screen.getByText('Busca un cliente en la base de datos por su id.')).toBeInTheDocument();

    const editor = await loadLucia();
    // From the administrators' route: the public answer hides the contact.
    expect(fetch.callsTo('/api/admin/professionals/7')).toHaveLength(1);
    expect(fetch.callsTo('/home/professionals/7')).toHaveLength(0);
    expect(screen.queryByText('Busca un cliente en la base de datos por su id.')).not.toBeInTheDocument();
    expect(within(editor).getByTestId('edit-id')).toHaveTextContent('7');
    expect(within(editor).getByTestId('current-firstName')).toHaveTextContent('Lucía');
    expect(within(editor).getByTestId('current-lastName')).toHaveTextContent('Gómez');
    expect(within(editor).getByTestId('current-email')).toHaveTextContent('lucia@oficios.test');
    expect(within(editor).getByTestId('current-address')).toHaveTextContent('Calle 7 123, Palermo');
    expect(within(editor).getByTestId('current-phoneNumber')).toHaveTextContent('1155550007');
    expect(within(editor).getByTestId('current-profileImg')).toHaveTextContent('/avatars/7.svg');
    expect(chosen('availableDays')).toEqual(['lunes', 'martes']);
    expect(chosen('professions')).toEqual(['plomero']);
    expect(within(editor).getByTestId('current-dayPrice')).toHaveTextContent(/^\$\s?1\.000 por día$/);
    expect(within(editor).getByLabelText(/Sobre mi/)).toHaveValue('Trabajo con garantia.');
    expect(within(editor).getAllByText('Cambiar')).toHaveLength(11);
    // Nothing pending yet.
    expect(finish()).toHaveTextContent('Finalizar Cambios');
    expect(finish()).toBeDisabled();
  });

  it('says so when the id is unknown or not a number', async () => {
    stubFetch({ '/api/admin/professionals/99': { status: 404, body: { statusCode: 404, message: 'No existe' } } });
    renderPage(<EditProfessionalTool />, { routePath: 'admin', path: '/admin' });
    await search('99');
    expect(await screen.findByTestId('professional-not-found', {}, SLOW)).toHaveTextContent('No existe un profesional con el id 99');
    await search('abc');
    expect(screen.getByTestId('bad-id')).toBeInTheDocument();
  });

  it('keeps changes local until "Finalizar Cambios", then sends the whole professional and confirms', async () => {
    const { fetch, queryClient } = setup();
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    await loadLucia();

    await change('firstName', 'Lucía Inés');
    await change('phoneNumber', '11-4444 9999x');
    // Numeric input: only the digits are kept.
    expect(screen.getByTestId('current-phoneNumber')).toHaveTextContent('1144449999');
    expect(row('phoneNumber')).toHaveAttribute('data-changed', 'true');

    await addToList('availableDays', 'viernes');
    await addToList('availableDays', 'miercoles');
    expect(chosen('availableDays')).toEqual(['lunes', 'martes', 'miercoles', 'viernes']);
    // Clicking a chosen day removes it.
    await userEvent.click(within(row('availableDays')).getByLabelText('Quitar lunes'));
    expect(chosen('availableDays')).toEqual(['martes', 'miercoles', 'viernes']);

    await addToList('professions', 'Gasista');
    await userEvent.click(within(row('professions')).getByLabelText('Quitar Plomero'));
    expect(chosen('professions')).toEqual(['gasista']);

    expect(bodiesOf(fetch, 'PUT', '/home/professionals/7')).toEqual([]);
    expect(screen.getByTestId('pending-count')).toHaveTextContent('4 campos sin guardar');

    await userEvent.click(finish());
    const done = await screen.findByText('Profesional Modificado con Exito', {}, SLOW);
    expect(bodiesOf(fetch, 'PUT', '/home/professionals/7')).toEqual([
      {
        id: 7,
        firstName: 'Lucía Inés',
        lastName: 'Gómez',
        email: 'lucia@oficios.test',
        address: 'Calle 7 123, Palermo',
        phoneNumber: '1144449999',
        profileImg: '/avatars/7.svg',
        professions: ['gasista'],
        availableDays: ['martes', 'miercoles', 'viernes'],
        rating: 4,
        reputation: 3,
        dayPrice: 1000,
        aboutMe: 'Trabajo con garantia.',
      },
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: PROFESSIONALS_QUERY_KEY });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: STATISTICS_QUERY_KEY });
    expect(queryClient.getQueryData<ManagedProfessional>(managedProfessionalKey(7))?.phoneNumber).toBe('1144449999');
    // The public detail's cache never gets the contact (the detail page shows it only to whom may see it).
    expect(queryClient.getQueryData(professionalDetailKey(7))).toBeUndefined();

    await userEvent.click(within(done.closest<HTMLElement>('.ant-modal')!).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByText('Profesional Modificado con Exito')).not.toBeInTheDocument(), SLOW);
    // The editor starts again from the saved professional: nothing pending.
    expect(screen.getByTestId('current-firstName')).toHaveTextContent('Lucía Inés');
    expect(finish()).toBeDisabled();
  });

  it('changes the price per day and "Sobre mi" with the rules of "Mi negocio", their messages under the fields', async () => {
    const { fetch } = setup();
    await loadLucia();
    const price = within(row('dayPrice')).getByRole('spinbutton');
    const typePrice = async (text: string) => {
      fireEvent.change(price, { target: { value: text } });
      await userEvent.click(within(row('dayPrice')).getByTestId('apply-dayPrice'));
    };

    // A price the rule refuses stays out of the pending changes, its message under the field.
    await typePrice('0');
    expect(screen.getByTestId('edit-error-dayPrice')).toHaveTextContent(PROFESSIONAL_EDIT_MESSAGES.dayPrice);
    await typePrice('100.005');
    expect(screen.getByTestId('edit-error-dayPrice')).toHaveTextContent(PROFESSIONAL_EDIT_MESSAGES.dayPriceCents);
    expect(row('dayPrice')).toHaveAttribute('data-changed', 'false');
    expect(finish()).toBeDisabled();

    await typePrice('27500');
    expect(screen.queryByTestId('edit-error-dayPrice')).not.toBeInTheDocument();
    expect(screen.getByTestId('current-dayPrice')).toHaveTextContent(/^\$\s?27\.500 por día$/);
    expect(row('dayPrice')).toHaveAttribute('data-changed', 'true');
    expect(price).toHaveValue('');

    // "Sobre mi" starts as it is; "Cambiar" takes the corrected text, trimmed, line breaks kept.
    const about = within(row('aboutMe')).getByRole('textbox');
    const apply = within(row('aboutMe')).getByTestId('apply-aboutMe');
    expect(apply).toBeDisabled();
    fireEvent.change(about, { target: { value: '  Plomero matriculado.\nTrabajo con garantia.  ' } });
    await userEvent.click(apply);
    expect(row('aboutMe')).toHaveAttribute('data-changed', 'true');
    expect(apply).toBeDisabled();
    expect(screen.getByTestId('pending-count')).toHaveTextContent('2 campos sin guardar');

    await userEvent.click(finish());
    await screen.findByText('Profesional Modificado con Exito', {}, SLOW);
    expect(bodiesOf(fetch, 'PUT', '/home/professionals/7')).toEqual([
      expect.objectContaining({
        dayPrice: 27500,
        aboutMe: 'Plomero matriculado.\nTrabajo con garantia.',
        availableDays: ['lunes', 'martes'],
      }),
    ]);
  });

  it('takes "Sobre mi" away when emptied', async () => {
    const { fetch } = setup();
    await loadLucia();
    fireEvent.change(within(row('aboutMe')).getByRole('textbox'), { target: { value: '   ' } });
    await userEvent.click(within(row('aboutMe')).getByTestId('apply-aboutMe'));
    await userEvent.click(finish());
    await waitFor(() => expect(bodiesOf(fetch, 'PUT', '/home/professionals/7')).toHaveLength(1));
    expect(bodiesOf(fetch, 'PUT', '/home/professionals/7')[0]).toMatchObject({ aboutMe: '' });
  });

  it('sends a bio never written as null (kept) when another field changes', async () => {
    const { fetch } = setup(undefined, { aboutMe: null });
    await loadLucia();
    expect(within(row('aboutMe')).getByRole('textbox')).toHaveValue('');
    await change('firstName', 'Lucía Inés');
    await userEvent.click(finish());
    await waitFor(() => expect(bodiesOf(fetch, 'PUT', '/home/professionals/7')).toHaveLength(1));
    expect(bodiesOf(fetch, 'PUT', '/home/professionals/7')[0]).toMatchObject({ firstName: 'Lucía Inés', aboutMe: null, dayPrice: 1000 });
  });

  it('shows the server messages under the fields and keeps every pending change', async () => {
    const { fetch } = setup({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Datos invalidos',
        errors: [
          { field: 'email', message: 'El correo no es valido' },
          { field: 'professions', message: 'Profesion desconocida: gasista' },
          { field: 'dayPrice', message: 'El precio por dia debe ser un numero positivo' },
          { field: 'otro', message: 'Algo mas' },
        ],
      },
    });
    await loadLucia();
    await change('email', 'no-es-correo');
    await addToList('professions', 'Gasista');
    await userEvent.click(finish());

    expect(await screen.findByTestId('edit-error-email', {}, SLOW)).toHaveTextContent('El correo no es valido');
    expect(screen.getByTestId('edit-error-professions')).toHaveTextContent('Profesion desconocida: gasista');
    expect(screen.getByTestId('edit-error-dayPrice')).toHaveTextContent('El precio por dia debe ser un numero positivo');
    expect(screen.getByTestId('edit-failure')).toHaveTextContent('Datos invalidos');
    expect(screen.getByTestId('edit-failure')).toHaveTextContent('Algo mas');
    expect(screen.queryByText('Profesional Modificado con Exito')).not.toBeInTheDocument();
    expect(screen.getByTestId('current-email')).toHaveTextContent('no-es-correo');
    expect(chosen('professions')).toEqual(['plomero', 'gasista']);

    // Fixing the field and saving again sends the kept changes.
    await change('email', 'lucia.nueva@oficios.test');
    fireEvent.click(finish());
    await waitFor(() => expect(bodiesOf(fetch, 'PUT', '/home/professionals/7')).toHaveLength(2));
    expect(bodiesOf(fetch, 'PUT', '/home/professionals/7')[1]).toMatchObject({
      email: 'lucia.nueva@oficios.test',
      professions: ['plomero', 'gasista'],
    });
  });

  it('shows a 409 (e-mail taken) under the e-mail', async () => {
    setup({ status: 409, body: { statusCode: 409, error: 'Conflict', message: 'El correo ya está en uso' } });
    await loadLucia();
    await change('email', 'otro@oficios.test');
    await userEvent.click(finish());
    expect(await screen.findByTestId('edit-error-email', {}, SLOW)).toHaveTextContent('El correo ya está en uso');
    expect(screen.getByTestId('current-email')).toHaveTextContent('otro@oficios.test');
  });

  it('"Zona de trabajo": "Quitar zona" makes the removal pending and "Finalizar Cambios" sends serviceArea null', async () => {
    const area = { locality: CABALLITO, radiusKm: 15, extraLocalities: [], excludedLocalities: [] };
    const { fetch } = setup(undefined, { serviceArea: area });
    await loadLucia();
    expect(within(row('serviceArea')).getByLabelText('Radio en km')).toHaveValue('15');
    expect(row('serviceArea')).toHaveAttribute('data-changed', 'false');

    await userEvent.click(within(row('serviceArea')).getByTestId('remove-serviceArea'));
    expect(row('serviceArea')).toHaveAttribute('data-changed', 'true');
    await userEvent.click(finish());
    await waitFor(() => expect(bodiesOf(fetch, 'PUT', '/home/professionals/7')).toHaveLength(1));
    expect(bodiesOf(fetch, 'PUT', '/home/professionals/7')[0]).toMatchObject({ serviceArea: null });
  });
});
