import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reloadPage } from '../../../shared/lib/browser';
import { restoreFetch, stubFetch, type FakeResponseInit } from '../../../testing/fetch-stub';
import { renderPage } from '../../../testing/render';
import { AccountSecurity, LOGOUT_EVERYWHERE } from './account-security';

jest.mock('../../../shared/lib/browser', () => ({ reloadPage: jest.fn() }));
jest.setTimeout(20_000);

function setup(user: { email: string; emailVerified?: boolean }, logoutAll: FakeResponseInit = { status: 204 }) {
  const fetch = stubFetch({
    '/home/user/logout/all': logoutAll,
    '/home/user/email/verification': { status: 202, body: { message: 'Te enviamos un enlace para verificar tu correo' } },
  });
  renderPage(<AccountSecurity user={user} />, { routePath: 'details/me', path: '/details/me' });
  return fetch;
}

async function signOutEverywhere() {
  await userEvent.click(screen.getByRole('button', { name: LOGOUT_EVERYWHERE }));
  await userEvent.click(await screen.findByRole('button', { name: 'Sí, cerrar todas' }));
}

describe('AccountSecurity', () => {
  afterEach(() => {
    restoreFetch();
    jest.clearAllMocks();
    window.localStorage.clear();
  });

  it('"Cerrar sesión en todos los dispositivos", once confirmed, ends every session and then behaves as a logout', async () => {
    window.localStorage.setItem('oficios-cart', '[1]');
    const fetch = setup({ email: 'ana@oficios.test', emailVerified: true });
    await userEvent.click(screen.getByRole('button', { name: LOGOUT_EVERYWHERE }));
    // Nothing happens before the confirmation.
    expect(fetch.callsTo('/home/user/logout/all')).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Sí, cerrar todas' }));

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    const [, init] = fetch.mock.mock.calls.find(([url]) => String(url).endsWith('/home/user/logout/all'))!;
    expect(init?.method).toBe('POST');
    expect(window.localStorage.getItem('oficios-cart')).toBeNull();
  });

  it('treats a session already gone (401) as signed out', async () => {
    setup({ email: 'ana@oficios.test' }, { status: 401, body: { statusCode: 401, message: 'Inicia sesión para continuar' } });
    await signOutEverywhere();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
  });

  it('shows any other failure and stays', async () => {
    setup({ email: 'ana@oficios.test' }, { status: 500, body: { statusCode: 500, message: 'Error interno' } });
    await signOutEverywhere();
    expect(await screen.findByTestId('logout-everywhere-error')).toHaveTextContent('Error interno');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('says when the e-mail is not verified and mails a new link on request', async () => {
    const fetch = setup({ email: 'ana@oficios.test', emailVerified: false });
    const notice = screen.getByTestId('email-unverified');
    expect(notice).toHaveTextContent('Tu correo ana@oficios.test todavía no está verificado');
    await userEvent.click(within(notice).getByRole('button', { name: 'Reenviar enlace' }));
    expect(await within(notice).findByText('Te enviamos un enlace para verificar tu correo')).toBeInTheDocument();
    expect(fetch.callsTo('/home/user/email/verification')).toHaveLength(1);
  });

  it('shows a verified e-mail as such', () => {
    setup({ email: 'ana@oficios.test', emailVerified: true });
    expect(screen.getByTestId('email-verified')).toHaveTextContent('verificado');
    expect(screen.queryByTestId('email-unverified')).not.toBeInTheDocument();
  });
});
