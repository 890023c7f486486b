import { REGISTRATION_MESSAGES as M } from '@oficios/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodyOf } from '../../../testing/auth-fixtures';
import { restoreFetch, stubFetch, type FakeResponseInit, type RouteHandler } from '../../../testing/fetch-stub';
import { renderPage } from '../../../testing/render';
import { ResetPasswordPage } from './reset-password-page';

jest.setTimeout(20_000);

function setup(path: string, routes: Record<string, RouteHandler | FakeResponseInit> = {}) {
  const fetch = stubFetch(routes);
  return { fetch, ...renderPage(<ResetPasswordPage />, { routePath: 'reset-password', path }) };
}

async function choose(password: string, confirm: string) {
  fireEvent.change(await screen.findByLabelText('Nueva contraseña'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirmar contraseña'), { target: { value: confirm } });
  await userEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
}

function itemOf(label: string): HTMLElement {
  return screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
}

describe('ResetPasswordPage', () => {
  afterEach(restoreFetch);

  it('applies the registration password rules before posting', async () => {
    const { fetch } = setup('/reset-password?token=abc');
    await choose('', '');
    expect(await within(itemOf('Nueva contraseña')).findByText(M.password)).toBeInTheDocument();

    await choose('corta', 'corta');
    expect(await within(itemOf('Nueva contraseña')).findByText('El password debe tener al menos 8 caracteres')).toBeInTheDocument();

    await choose('nueva-clave-1', 'nueva-clave-2');
    expect(await within(itemOf('Confirmar contraseña')).findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(fetch.callsTo('/home/user/password/reset')).toHaveLength(0);
  });

  it('posts the token and the new password, then offers to sign in', async () => {
    const { fetch, location } = setup('/reset-password?token=abc123', {
      '/home/user/password/reset': { body: { message: 'Contraseña actualizada' } },
    });
    await choose('nueva-clave-1', 'nueva-clave-1');

    expect(await screen.findByTestId('reset-password-success')).toHaveTextContent('Contraseña actualizada');
    expect(bodyOf(fetch.mock, '/home/user/password/reset')).toEqual({ token: 'abc123', password: 'nueva-clave-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar Sesion' }));
    expect(location()).toBe('/login');
  });

  it('shows an expired or used link and lets the user ask for a new one', async () => {
    const { fetch } = setup('/reset-password?token=viejo', {
      '/home/user/password/reset': {
        status: 400,
        body: { statusCode: 400, message: 'Bad Request', errors: [{ field: 'token', message: 'El enlace no es valido o ya expiro' }] },
      },
      '/home/user/password/forgot': { status: 202, body: { message: 'Si el correo existe, te enviamos un enlace' } },
    });
    await choose('nueva-clave-1', 'nueva-clave-1');

    expect(await screen.findByTestId('reset-password-link-error')).toHaveTextContent('El enlace no es valido o ya expiro');
    await userEvent.click(screen.getByRole('button', { name: 'Solicitar un nuevo enlace' }));
    fireEvent.change(screen.getByLabelText('Correo'), { target: { value: 'ana@oficios.test' } });
    await userEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('Si el correo existe, te enviamos un enlace')).toBeInTheDocument();
    await waitFor(() => expect(bodyOf(fetch.mock, '/home/user/password/forgot')).toEqual({ email: 'ana@oficios.test' }));
  });

  it('shows a password refused by the server under the field', async () => {
    setup('/reset-password?token=abc', {
      '/home/user/password/reset': {
        status: 400,
        body: { statusCode: 400, message: 'Bad Request', errors: [{ field: 'password', message: 'El password es demasiado comun' }] },
      },
    });
    await choose('12345678', '12345678');
    expect(await within(itemOf('Nueva contraseña')).findByText('El password es demasiado comun')).toBeInTheDocument();
  });

  it('without a token says the link is not valid', async () => {
    setup('/reset-password');
    expect(await screen.findByTestId('reset-password-link-error')).toHaveTextContent('El enlace no es valido o ya expiro');
    expect(screen.queryByLabelText('Nueva contraseña')).not.toBeInTheDocument();
  });
});
