import { CREDENTIAL_MESSAGES } from '@oficios/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_QUERY_KEY } from '../../../shared/api/get-session';
import { restoreFetch, stubFetch, type FakeResponseInit, type RouteHandler } from '../../../testing/fetch-stub';
import { session } from '../../../testing/profile-fixtures';
import { renderPage } from '../../../testing/render';
import { clientQueryOptions } from '../api/get-client';
import { ClientProfile } from './client-profile';

jest.setTimeout(30_000);

/** antd's form and modal render slowly under jsdom on a busy machine. */
const SLOW = { timeout: 5000 };

const ana = session('cliente').dataValues;

/** The client profile of Ana (id 5) with PUT /api/clients/5 answered by `put`. */
function setup(put: RouteHandler | FakeResponseInit) {
  const fetch = stubFetch({ '/api/clients/5': put, '/home/user/me': { body: session('cliente') } });
  const view = renderPage(<ClientProfile client={ana} history={[]} />, { routePath: 'details/me', path: '/details/me' });
  return { fetch, ...view };
}

const puts = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)));

/** Types a value at once (pasted): the form sees the same change events, the test runs faster. */
async function fill(dialog: HTMLElement, label: string, value: string) {
  await userEvent.click(within(dialog).getByLabelText(label));
  await userEvent.paste(value);
}

async function openModal() {
  await userEvent.click(screen.getByTestId('edit-profile-button'));
  return screen.findByRole('dialog', { name: 'Editar Cliente' }, SLOW);
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

    await fill(dialog, 'Dirección', '  Av. Nueva 456 ');
    await fill(dialog, 'Teléfono', '11 4444 5555');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));

    expect(await screen.findByText('Perfil actualizado con éxito', {}, SLOW)).toBeInTheDocument();
    expect(puts(fetch)).toEqual([{ address: 'Av. Nueva 456', phoneNumber: '11 4444 5555' }]);
    expect(fetch.mock.mock.calls.find(([, init]) => init?.method === 'PUT')![0]).toBe('http://localhost:3001/api/clients/5');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: SESSION_QUERY_KEY });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: clientQueryOptions(5).queryKey });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar Cliente' })).not.toBeInTheDocument(), SLOW);
  });

  it('shows the messages under invalid fields and sends nothing', async () => {
    const { fetch } = setup({ body: ana });
    const dialog = await openModal();

    await fill(dialog, 'Nombre', 'Eva');
    await fill(dialog, 'Teléfono', 'abc');
    await fill(dialog, 'Correo', 'no-es-correo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));

    expect(await within(dialog).findByTestId('edit-error-email', {}, SLOW)).toHaveTextContent('El correo no es valido');
    expect(within(dialog).getByTestId('edit-error-phoneNumber')).toHaveTextContent('El numero de telefono no es valido');
    expect(within(dialog).queryByTestId('edit-error-firstName')).not.toBeInTheDocument();
    expect(puts(fetch)).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Editar Cliente' })).toBeInTheDocument();

    // Fixing them sends the form.
    await userEvent.clear(within(dialog).getByLabelText('Teléfono'));
    await userEvent.clear(within(dialog).getByLabelText('Correo'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(puts(fetch)).toEqual([{ firstName: 'Eva' }]), SLOW);
  });

  it.each([
    [
      'with the field named',
      { statusCode: 409, message: 'Conflict', errors: [{ field: 'email', message: 'Ya existe una cuenta con ese correo' }] },
    ],
    ['with a bare message', { statusCode: 409, error: 'Conflict', message: 'Conflict' }],
  ])('shows a 409 (%s) under the e-mail and keeps the modal open', async (_case, body) => {
    const { fetch } = setup({ status: 409, body });
    const dialog = await openModal();
    // The profile reads the session once (who may leave reviews); a failed save must not refresh it.
    const sessionReads = fetch.callsTo('/home/user/me').length;
    await fill(dialog, 'Correo', 'otro@oficios.test');
    await fill(dialog, 'Tu contraseña actual', 'clave-actual-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));

    expect(await within(dialog).findByTestId('edit-error-email', {}, SLOW)).toHaveTextContent('Ya existe una cuenta con ese correo');
    expect(puts(fetch)).toEqual([{ email: 'otro@oficios.test', currentPassword: 'clave-actual-1' }]);
    expect(screen.queryByText('Perfil actualizado con éxito')).not.toBeInTheDocument();
    expect(fetch.callsTo('/home/user/me')).toHaveLength(sessionReads);
  });

  it('asks for the current password only when the e-mail or the password changes, and sends it with them', async () => {
    const { fetch } = setup({ body: ana });
    const dialog = await openModal();
    expect(within(dialog).queryByLabelText('Tu contraseña actual')).not.toBeInTheDocument();
    // The same e-mail, whatever its case, changes nothing.
    await fill(dialog, 'Correo', ' ANA@oficios.test');
    expect(within(dialog).queryByLabelText('Tu contraseña actual')).not.toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText('Correo'));
    await fill(dialog, 'Correo', 'ana.nueva@oficios.test');
    expect(within(dialog).getByLabelText('Tu contraseña actual')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(dialog).findByTestId('edit-error-currentPassword', {}, SLOW)).toHaveTextContent(
      CREDENTIAL_MESSAGES.currentPasswordMissing,
    );
    expect(puts(fetch)).toEqual([]);

    await fill(dialog, 'Nueva contraseña (opcional)', 'nueva-clave-1');
    await fill(dialog, 'Tu contraseña actual', 'clave-actual-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(
      () =>
        expect(puts(fetch)).toEqual([{ email: 'ana.nueva@oficios.test', password: 'nueva-clave-1', currentPassword: 'clave-actual-1' }]),
      SLOW,
    );
  });

  it('checks a new password before sending and shows the API refusing the current one under its field', async () => {
    const refusal = {
      statusCode: 403,
      message: 'x',
      errors: [{ field: 'currentPassword', message: CREDENTIAL_MESSAGES.currentPasswordWrong }],
    };
    const { fetch } = setup({ status: 403, body: refusal });
    const dialog = await openModal();
    await fill(dialog, 'Nueva contraseña (opcional)', 'corta');
    await fill(dialog, 'Tu contraseña actual', 'equivocada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(dialog).findByTestId('edit-error-password', {}, SLOW)).toHaveTextContent(
      'El password debe tener al menos 8 caracteres',
    );
    expect(puts(fetch)).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('Nueva contraseña (opcional)'));
    await fill(dialog, 'Nueva contraseña (opcional)', 'nueva-clave-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(dialog).findByTestId('edit-error-currentPassword', {}, SLOW)).toHaveTextContent(
      CREDENTIAL_MESSAGES.currentPasswordWrong,
    );
    expect(screen.queryByText('Perfil actualizado con éxito')).not.toBeInTheDocument();
  });

  it('shows why an account without a password (Google) cannot change its e-mail', async () => {
    setup({
      status: 403,
      body: {
        statusCode: 403,
        message: CREDENTIAL_MESSAGES.noPassword,
        errors: [{ field: 'currentPassword', message: CREDENTIAL_MESSAGES.noPassword }],
      },
    });
    const dialog = await openModal();
    await fill(dialog, 'Correo', 'otra@oficios.test');
    await fill(dialog, 'Tu contraseña actual', 'no-tengo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(dialog).findByTestId('edit-error-currentPassword', {}, SLOW)).toHaveTextContent(/Google/);
  });

  it('sends nothing when every field is left blank', async () => {
    const { fetch } = setup({ body: ana });
    const dialog = await openModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar Cliente' })).not.toBeInTheDocument(), SLOW);
    expect(puts(fetch)).toEqual([]);
  });
});
