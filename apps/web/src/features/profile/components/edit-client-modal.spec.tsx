import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';
import { restoreFetch, stubFetch, type RouteHandler } from '../../../testing/fetch-stub';
import { session } from '../../../testing/profile-fixtures';
import { renderPage } from '../../../testing/render';
import { clientQueryOptions } from '../api/get-client';
import { ClientProfile } from './client-profile';

jest.setTimeout(20_000);

const ana = session('cliente').dataValues;

/** The client profile of Ana (id 5) with PUT /api/clients/5 answered by `put`. */
function setup(put: RouteHandler) {
  const fetch = stubFetch({ '/api/clients/5': put, '/home/user/me': { body: session('cliente') } });
  const view = renderPage(<ClientProfile client={ana} history={[]} />, { routePath: 'details/me', path: '/details/me' });
  return { fetch, ...view };
}

const puts = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)));

async function openModal() {
  await userEvent.click(screen.getByTestId('edit-profile-button'));
  return screen.findByRole('dialog', { name: 'Editar Cliente' });
}

describe('Editar Cliente', () => {
  afterEach(restoreFetch);

  it('shows the current values as placeholders and sends only the changed fields', async () => {
    const { fetch, queryClient } = setup((_url, init) => ({ body: { ...ana, ...JSON.parse(String(init?.body)) } }));
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    const dialog = await openModal();

    expect(within(dialog).getByLabelText('Nombre')).toHaveAttribute('placeholder', 'Ana');
    expect(within(dialog).getByLabelText('Apellido')).toHaveAttribute('placeholder', 'Ruiz');
    expect(within(dialog).getByLabelText('Dirección')).toHaveAttribute('placeholder', 'Calle Falsa 123');
    expect(within(dialog).getByLabelText('Teléfono')).toHaveAttribute('placeholder', '11 5555 1234');
    expect(within(dialog).getByLabelText('Correo')).toHaveAttribute('placeholder', 'ana@oficios.test');

    await userEvent.type(within(dialog).getByLabelText('Dirección'), '  Av. Nueva 456 ');
    await userEvent.type(within(dialog).getByLabelText('Correo'), 'Ana.Nueva@Oficios.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));

    expect(await screen.findByText('Perfil actualizado con éxito')).toBeInTheDocument();
    expect(puts(fetch)).toEqual([{ address: 'Av. Nueva 456', email: 'ana.nueva@oficios.test' }]);
    expect(fetch.mock.mock.calls.find(([, init]) => init?.method === 'PUT')![0]).toBe('http://localhost:3001/api/clients/5');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: SESSION_QUERY_KEY });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: clientQueryOptions(5).queryKey });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar Cliente' })).not.toBeInTheDocument());
  });

  it('shows the messages under invalid fields and sends nothing', async () => {
    const { fetch } = setup({ body: ana });
    const dialog = await openModal();

    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Eva');
    await userEvent.type(within(dialog).getByLabelText('Teléfono'), 'abc');
    await userEvent.type(within(dialog).getByLabelText('Correo'), 'no-es-correo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));

    expect(await within(dialog).findByTestId('edit-error-email')).toHaveTextContent('El correo no es valido');
    expect(within(dialog).getByTestId('edit-error-phoneNumber')).toHaveTextContent('El numero de telefono no es valido');
    expect(within(dialog).queryByTestId('edit-error-firstName')).not.toBeInTheDocument();
    expect(puts(fetch)).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Editar Cliente' })).toBeInTheDocument();

    // Fixing them sends the form.
    await userEvent.clear(within(dialog).getByLabelText('Teléfono'));
    await userEvent.clear(within(dialog).getByLabelText('Correo'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(puts(fetch)).toEqual([{ firstName: 'Eva' }]));
  });

  it('shows a 409 under the e-mail and keeps the modal open', async () => {
    const { fetch } = setup({
      status: 409,
      body: { statusCode: 409, message: 'Conflict', errors: [{ field: 'email', message: 'Ya existe una cuenta con ese correo' }] },
    });
    const dialog = await openModal();
    await userEvent.type(within(dialog).getByLabelText('Correo'), 'otro@oficios.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));

    expect(await within(dialog).findByTestId('edit-error-email')).toHaveTextContent('Ya existe una cuenta con ese correo');
    expect(puts(fetch)).toEqual([{ email: 'otro@oficios.test' }]);
    expect(screen.queryByText('Perfil actualizado con éxito')).not.toBeInTheDocument();
    expect(fetch.callsTo('/home/user/me')).toHaveLength(0);
  });

  it('sends nothing when every field is left blank', async () => {
    const { fetch } = setup({ body: ana });
    const dialog = await openModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar Cliente' })).not.toBeInTheDocument());
    expect(puts(fetch)).toEqual([]);
  });
});
