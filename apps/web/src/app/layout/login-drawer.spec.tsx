import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MeAnswer } from '@oficios/domain';
import { SESSION_QUERY_KEY } from '../../shared/api/get-session';
import { authDrawerAtom } from '../../shared/state/auth-drawer.atom';
import { bodyOf, postGoogleMessage, renderWithDrawer, sessionAnswer, stubPopup } from '../../testing/auth-fixtures';
import { restoreFetch, stubFetch } from '../../testing/fetch-stub';
import { googleProfileAtom } from '../../features/auth/atoms/google-profile.atom';
import { AppLayout } from './app-layout';

jest.setTimeout(20_000);

const ANONYMOUS = { status: 401, body: { statusCode: 401, message: 'No autenticado' } };

async function fillLogin(email: string, password: string) {
  const drawer = await screen.findByTestId('drawer-login');
  fireEvent.change(within(drawer).getByLabelText('Correo'), { target: { value: email } });
  fireEvent.change(within(drawer).getByLabelText('Contraseña', { exact: true }), { target: { value: password } });
  await userEvent.click(within(drawer).getByRole('button', { name: 'Logear' }));
}

describe('Login drawer', () => {
  afterEach(() => {
    restoreFetch();
    jest.restoreAllMocks();
  });

  it('shows the title, the Google button, the fields and "Logear"', async () => {
    stubFetch({ '/home/user/me': ANONYMOUS });
    renderWithDrawer(<AppLayout />, 'login');
    const drawer = await screen.findByTestId('drawer-login');
    expect(screen.getByText('Iniciar sesion')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: /Continua con Google/ })).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Correo')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Contraseña', { exact: true })).toHaveAttribute('type', 'password');
    expect(within(drawer).getByRole('button', { name: '¿Olvidaste tu contraseña?' })).toBeInTheDocument();
  });

  it('signs in: posts the credentials, stores the session, closes the drawer and shows the account menu', async () => {
    let signedIn = false;
    const answer = sessionAnswer('cliente');
    const fetch = stubFetch({
      '/home/user/me': () => (signedIn ? { body: { ...answer, profile: { shoppingHistory: [] } } } : ANONYMOUS),
      '/home/user/login': () => {
        signedIn = true;
        return { body: answer };
      },
    });
    const { queryClient, store } = renderWithDrawer(<AppLayout />, 'login');
    await screen.findByTestId('login-button'); // the top bar, behind the drawer

    await fillLogin('  ana@oficios.test ', 'secreto123');

    await waitFor(() => expect(store.get(authDrawerAtom)).toBeNull());
    expect(bodyOf(fetch.mock, '/home/user/login')).toEqual({ email: 'ana@oficios.test', password: 'secreto123', google: false });
    expect(queryClient.getQueryData<MeAnswer>(SESSION_QUERY_KEY)?.dataValues.email).toBe('ana@oficios.test');
    expect(await screen.findByTestId('account-menu')).toBeInTheDocument();
    expect(screen.queryByTestId('login-button')).not.toBeInTheDocument();
    expect(await screen.findByText('¡Hola, Ana! Has iniciado sesion')).toBeInTheDocument();
  });

  it('shows the API message on 401 and keeps the visitor signed out', async () => {
    stubFetch({
      '/home/user/me': ANONYMOUS,
      '/home/user/login': { status: 401, body: { statusCode: 401, message: 'Correo o contraseña incorrectos' } },
    });
    const { queryClient, store } = renderWithDrawer(<AppLayout />, 'login');
    await fillLogin('ana@oficios.test', 'mala-clave');

    expect(await screen.findByTestId('login-error')).toHaveTextContent('Correo o contraseña incorrectos');
    expect(store.get(authDrawerAtom)).toBe('login');
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
  });

  it('shows the API message on 429', async () => {
    stubFetch({
      '/home/user/me': ANONYMOUS,
      '/home/user/login': { status: 429, body: { statusCode: 429, message: 'Demasiados intentos, espera unos minutos' } },
    });
    renderWithDrawer(<AppLayout />, 'login');
    await fillLogin('ana@oficios.test', 'mala-clave');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Demasiados intentos, espera unos minutos');
  });

  it('asks for the e-mail and password before posting', async () => {
    const fetch = stubFetch({ '/home/user/me': ANONYMOUS });
    renderWithDrawer(<AppLayout />, 'login');
    const drawer = await screen.findByTestId('drawer-login');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Logear' }));
    expect(await within(drawer).findByText('El correo es obligatorio')).toBeInTheDocument();
    expect(within(drawer).getByText('El password es obligatorio')).toBeInTheDocument();
    expect(fetch.callsTo('/home/user/login')).toHaveLength(0);
  });

  it('"¿Olvidaste tu contraseña?" switches to the reset request and shows the answer', async () => {
    const fetch = stubFetch({
      '/home/user/me': ANONYMOUS,
      '/home/user/password/forgot': { status: 202, body: { message: 'Si el correo existe, te enviamos un enlace' } },
    });
    renderWithDrawer(<AppLayout />, 'login');
    const drawer = await screen.findByTestId('drawer-login');
    await userEvent.click(within(drawer).getByRole('button', { name: '¿Olvidaste tu contraseña?' }));
    fireEvent.change(within(drawer).getByLabelText('Correo'), { target: { value: 'ana@oficios.test' } });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Enviar enlace' }));

    expect(await within(drawer).findByTestId('forgot-password-sent')).toHaveTextContent('Si el correo existe, te enviamos un enlace');
    expect(bodyOf(fetch.mock, '/home/user/password/forgot')).toEqual({ email: 'ana@oficios.test' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Volver a Iniciar sesion' }));
    expect(within(drawer).getByRole('button', { name: 'Logear' })).toBeInTheDocument();
  });

  describe('Google popup', () => {
    it('opens the API at /home/auth/google with our origin, and signs in an existing account', async () => {
      const answer = sessionAnswer('profesional');
      let cookieSet = false; // the popup's sign-in sets the session cookie
      stubFetch({ '/home/user/me': () => (cookieSet ? { body: { ...answer, profile: {} } } : ANONYMOUS) });
      const open = stubPopup();
      const { store, queryClient } = renderWithDrawer(<AppLayout />, 'login');
      await userEvent.click(await screen.findByRole('button', { name: /Continua con Google/ }));

      expect(open).toHaveBeenCalledTimes(1);
      const [url, , features] = open.mock.calls[0]!;
      expect(String(url)).toBe(`http://localhost:3001/home/auth/google?origin=${encodeURIComponent(window.location.origin)}`);
      expect(features).toMatch(/width=\d+,height=\d+/);

      postGoogleMessage({ status: 'signed-in', session: sessionAnswer('profesional') }, 'http://evil.test'); // ignored
      expect(store.get(authDrawerAtom)).toBe('login');

      cookieSet = true;
      postGoogleMessage({ status: 'signed-in', session: answer });
      await waitFor(() => expect(store.get(authDrawerAtom)).toBeNull());
      expect(queryClient.getQueryData<MeAnswer>(SESSION_QUERY_KEY)?.dataValues.type).toBe('profesional');
    });

    it('sends a new Google account to the client registration, and shows an error otherwise', async () => {
      stubFetch({ '/home/user/me': ANONYMOUS });
      stubPopup();
      const { store } = renderWithDrawer(<AppLayout />, 'login');
      await userEvent.click(await screen.findByRole('button', { name: /Continua con Google/ }));
      postGoogleMessage({ status: 'error', message: 'Google no respondio' });
      expect(await screen.findByTestId('google-error')).toHaveTextContent('Google no respondio');

      await userEvent.click(screen.getByRole('button', { name: /Continua con Google/ }));
      const profile = { email: 'nuevo@gmail.com', firstName: 'Nuevo', lastName: 'Usuario', picture: null };
      postGoogleMessage({ status: 'needs-registration', profile });
      await waitFor(() => expect(store.get(authDrawerAtom)).toBe('register-cliente'));
      expect(store.get(googleProfileAtom)).toEqual(profile);
      expect(await screen.findByText('Usar Otra Cuenta')).toBeInTheDocument();
    });
  });
});
