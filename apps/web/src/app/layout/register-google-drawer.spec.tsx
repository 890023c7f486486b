import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authDrawerAtom } from '../../shared/state/auth-drawer.atom';
import { bodyOf, postGoogleMessage, renderWithDrawer, sessionAnswer, stubPopup } from '../../testing/auth-fixtures';
import { restoreFetch, stubFetch } from '../../testing/fetch-stub';
import { PROFESSIONS } from '../../testing/fixtures';
import { googleProfileAtom } from '../../features/auth/atoms/google-profile.atom';
import { AppLayout } from './app-layout';

jest.setTimeout(30_000);

const ANONYMOUS = { status: 401, body: { statusCode: 401, message: 'No autenticado' } };
const GOOGLE = { email: 'lucia@gmail.com', firstName: 'Lucía', lastName: 'Gómez', picture: 'https://lh3.googleusercontent.com/a/lucia' };

function type(root: HTMLElement, label: string, value: string) {
  fireEvent.change(within(root).getByLabelText(label, { exact: true }), { target: { value } });
}

describe('Registration with a Google account', () => {
  afterEach(() => {
    restoreFetch();
    jest.restoreAllMocks();
  });

  it('locks the e-mail, hides the passwords, prefills the names and sends google: true', async () => {
    const fetch = stubFetch({
      '/home/user/me': ANONYMOUS,
      '/home/professions': { body: PROFESSIONS },
      '/home/user/register': { status: 201, body: sessionAnswer('profesional') },
    });
    const open = stubPopup();
    const { store } = renderWithDrawer(<AppLayout />, 'register-profesional');
    const root = await screen.findByTestId('drawer-register-profesional');
    await userEvent.click(within(root).getByRole('button', { name: /Continua con Google/ }));
    expect(open).toHaveBeenCalledTimes(1);
    postGoogleMessage({ status: 'needs-registration', profile: GOOGLE });

    expect(await within(root).findByRole('button', { name: 'Usar Otra Cuenta' })).toBeInTheDocument();
    expect(store.get(authDrawerAtom)).toBe('register-profesional');
    const email = within(root).getByLabelText('Correo');
    await waitFor(() => expect(email).toHaveValue('lucia@gmail.com'));
    expect(email).toBeDisabled();
    expect(within(root).queryByLabelText('Contraseña', { exact: true })).not.toBeInTheDocument();
    expect(within(root).queryByLabelText('Confirmar contraseña')).not.toBeInTheDocument();
    expect(within(root).getByLabelText('Nombre')).toHaveValue('Lucía');
    expect(within(root).getByLabelText('Apellido')).toHaveValue('Gómez');
    expect(within(root).getByTestId('profile-image-preview')).toHaveAttribute('src', GOOGLE.picture);
    expect(within(root).queryByRole('button', { name: /Continua con Google/ })).not.toBeInTheDocument();

    type(root, 'Dirección', 'Av. Siempreviva 742');
    type(root, 'Teléfono', '11 4444 3333');
    await userEvent.click(await within(root).findByLabelText('Plomero'));
    await userEvent.type(within(root).getByLabelText('Precio por dia'), '18000');
    await userEvent.click(within(root).getByLabelText('Martes'));
    await userEvent.click(within(root).getByLabelText('Acepto términos y condiciones'));
    await userEvent.click(within(root).getByRole('button', { name: 'Registrame' }));

    await waitFor(() => expect(store.get(authDrawerAtom)).toBeNull());
    expect(bodyOf(fetch.mock, '/home/user/register')).toEqual({
      email: 'lucia@gmail.com',
      firstName: 'Lucía',
      lastName: 'Gómez',
      address: 'Av. Siempreviva 742',
      phoneNumber: '11 4444 3333',
      profileImg: GOOGLE.picture,
      google: true,
      isProfessional: true,
      aboutMe: '',
      professions: ['plomero'],
      dayPrice: 18000,
      availableDays: ['martes'],
    });
    expect(store.get(googleProfileAtom)).toBeNull();
  });

  it('"Usar Otra Cuenta" opens the popup again and takes the new account', async () => {
    stubFetch({ '/home/user/me': ANONYMOUS });
    const open = stubPopup();
    const { store } = renderWithDrawer(<AppLayout />, null);
    store.set(googleProfileAtom, { ...GOOGLE, picture: null }); // chosen from the login drawer
    store.set(authDrawerAtom, 'register-cliente');
    const root = await screen.findByTestId('drawer-register-cliente');
    await waitFor(() => expect(within(root).getByLabelText('Correo')).toHaveValue('lucia@gmail.com'));

    await userEvent.click(within(root).getByRole('button', { name: 'Usar Otra Cuenta' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(String(open.mock.calls[0]![0])).toContain('/home/auth/google?origin=');
    postGoogleMessage({ status: 'needs-registration', profile: { email: 'otra@gmail.com', firstName: 'Otra', lastName: 'Cuenta' } });
    await waitFor(() => expect(within(root).getByLabelText('Correo')).toHaveValue('otra@gmail.com'));
    expect(within(root).getByLabelText('Nombre')).toHaveValue('Otra');
  });

  it('signs in at once when the Google account already exists, and forgets the account when the drawer closes', async () => {
    stubFetch({ '/home/user/me': ANONYMOUS });
    stubPopup();
    const { store } = renderWithDrawer(<AppLayout />, 'register-cliente');
    const root = await screen.findByTestId('drawer-register-cliente');
    await userEvent.click(within(root).getByRole('button', { name: /Continua con Google/ }));
    postGoogleMessage({ status: 'needs-registration', profile: GOOGLE });
    await within(root).findByRole('button', { name: 'Usar Otra Cuenta' });
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(store.get(authDrawerAtom)).toBeNull());
    expect(store.get(googleProfileAtom)).toBeNull();

    store.set(authDrawerAtom, 'register-cliente');
    const again = await screen.findByTestId('drawer-register-cliente');
    await userEvent.click(within(again).getByRole('button', { name: /Continua con Google/ }));
    postGoogleMessage({ status: 'signed-in', session: sessionAnswer('cliente') });
    await waitFor(() => expect(store.get(authDrawerAtom)).toBeNull());
  });
});
