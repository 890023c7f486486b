import { PROFESSIONAL_EDIT_MESSAGES as E, REGISTRATION_MESSAGES as M, SERVICE_AREA_MESSAGES } from '@oficios/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MeAnswer } from '@oficios/domain';
import { SESSION_QUERY_KEY } from '../../shared/api/get-session';
import { authDrawerAtom } from '../../shared/state/auth-drawer.atom';
import { bodyOf, renderWithDrawer, sessionAnswer } from '../../testing/auth-fixtures';
import { restoreFetch, stubFetch, type RouteHandler, type FakeResponseInit } from '../../testing/fetch-stub';
import { PROFESSIONS } from '../../testing/fixtures';
import { CABALLITO, localityRoutes } from '../../testing/locality-fixtures';
import { TERMS_REQUIRED } from '../../features/auth/lib/registration-form';
import { AppLayout } from './app-layout';

jest.setTimeout(30_000);

const ANONYMOUS = { status: 401, body: { statusCode: 401, message: 'No autenticado' } };

function setup(drawer: 'register-cliente' | 'register-profesional', routes: Record<string, RouteHandler | FakeResponseInit> = {}) {
  const fetch = stubFetch({ '/home/user/me': ANONYMOUS, '/home/professions': { body: PROFESSIONS }, ...routes });
  return { fetch, ...renderWithDrawer(<AppLayout />, drawer) };
}

async function drawerOf(drawer: string) {
  return screen.findByTestId(`drawer-${drawer}`);
}

function type(root: HTMLElement, label: string, value: string) {
  fireEvent.change(within(root).getByLabelText(label, { exact: true }), { target: { value } });
}

const VALID = {
  Correo: 'Ana@Oficios.test ',
  Contraseña: 'secreto123',
  'Confirmar contraseña': 'secreto123',
  Nombre: ' Ana ',
  Apellido: 'Ruiz',
  Dirección: 'Calle Falsa 123',
  Teléfono: '+54 11 5555-1234',
};

function fillValid(root: HTMLElement, overrides: Partial<Record<keyof typeof VALID, string>> = {}) {
  for (const [label, value] of Object.entries({ ...VALID, ...overrides })) type(root, label, value);
}

/** The antd Form.Item around a labelled control (its messages render inside it). */
function itemOf(root: HTMLElement, label: string): HTMLElement {
  return within(root).getByLabelText(label, { exact: true }).closest('.ant-form-item') as HTMLElement;
}

async function submit(root: HTMLElement) {
  await userEvent.click(within(root).getByRole('button', { name: 'Registrame' }));
}

describe('Registration drawers', () => {
  afterEach(() => {
    restoreFetch();
    jest.restoreAllMocks();
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('shows every field with its label, the terms checkbox and "Registrame"', async () => {
    setup('register-profesional');
    const root = await drawerOf('register-profesional');
    expect(screen.getByText('Regístrate como profesional')).toBeInTheDocument();
    expect(within(root).getByRole('button', { name: /Continua con Google/ })).toBeInTheDocument();
    for (const label of ['Correo', 'Contraseña', 'Confirmar contraseña', 'Nombre', 'Apellido', 'Dirección', 'Teléfono', 'Sobre mi']) {
      expect(within(root).getByLabelText(label, { exact: true })).toBeInTheDocument();
    }
    expect(within(root).getByLabelText('Contraseña', { exact: true })).toHaveAttribute('type', 'password');
    expect(within(root).getByLabelText('Confirmar contraseña')).toHaveAttribute('type', 'password');
    expect(within(root).getByLabelText('Acepto términos y condiciones')).not.toBeChecked();
    expect(within(root).getByTestId('profile-image-input')).toHaveAttribute('type', 'file');
    expect(await within(root).findByLabelText('Técnico PC')).toBeInTheDocument();
  });

  it('shows each required-field message, the form alert and sends nothing', async () => {
    const { fetch } = setup('register-profesional');
    const root = await drawerOf('register-profesional');
    await submit(root);

    expect(await within(itemOf(root, 'Correo')).findByText(M.email)).toBeInTheDocument();
    expect(within(itemOf(root, 'Contraseña')).getByText('El password es obligatorio')).toBeInTheDocument();
    expect(within(itemOf(root, 'Nombre')).getByText('El campo nombre es obligatorio')).toBeInTheDocument();
    expect(within(itemOf(root, 'Apellido')).getByText('El campo apellido es obligatorio')).toBeInTheDocument();
    expect(within(itemOf(root, 'Dirección')).getByText('El campo dirección es obligatorio')).toBeInTheDocument();
    expect(within(itemOf(root, 'Teléfono')).getByText('El numero de telefono es obligatorio')).toBeInTheDocument();
    expect(within(root).getByText(M.professions)).toBeInTheDocument();
    // No price or days are made up for a professional: the form asks for them.
    expect(within(itemOf(root, 'Precio por dia')).getByText(E.dayPriceRequired)).toBeInTheDocument();
    expect(within(root).getByText(E.availableDays)).toBeInTheDocument();
    expect(within(itemOf(root, 'Acepto términos y condiciones')).getByText(TERMS_REQUIRED)).toBeInTheDocument();
    expect(within(root).getByTestId('register-error')).toHaveTextContent('Verifique que todos los campos esten llenos');
    expect(fetch.callsTo('/home/user/register')).toHaveLength(0);

    type(root, 'Nombre', 'Ana'); // editing a field clears its message
    await waitFor(() => expect(itemOf(root, 'Nombre')).not.toHaveClass('ant-form-item-has-error'));
    expect(itemOf(root, 'Apellido')).toHaveClass('ant-form-item-has-error');
  });

  it('refuses different passwords with "Las contraseñas no coinciden"', async () => {
    const { fetch } = setup('register-cliente');
    const root = await drawerOf('register-cliente');
    fillValid(root, { 'Confirmar contraseña': 'otra-clave-1' });
    await userEvent.click(within(root).getByLabelText('Acepto términos y condiciones'));
    await submit(root);

    expect(await within(itemOf(root, 'Confirmar contraseña')).findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(within(root).getByTestId('register-error')).toHaveTextContent('Verifique que todos los campos esten llenos');
    expect(within(root).queryByText('El password es obligatorio')).not.toBeInTheDocument();
    expect(fetch.callsTo('/home/user/register')).toHaveLength(0);
  });

  it('requires the terms: refused with a message until ticked', async () => {
    const answer = sessionAnswer('cliente');
    const { fetch, store } = setup('register-cliente', { '/home/user/register': { status: 201, body: answer } });
    const root = await drawerOf('register-cliente');
    fillValid(root);
    await submit(root);
    expect(await within(root).findByText(TERMS_REQUIRED)).toBeInTheDocument();
    expect(fetch.callsTo('/home/user/register')).toHaveLength(0);

    await userEvent.click(within(root).getByLabelText('Acepto términos y condiciones'));
    await submit(root);
    await waitFor(() => expect(fetch.callsTo('/home/user/register')).toHaveLength(1));
    await waitFor(() => expect(store.get(authDrawerAtom)).toBeNull());
  });

  it('posts a valid client, signs the user in, closes the drawer and says so', async () => {
    const answer = sessionAnswer('cliente');
    let registered = false; // then the session cookie is set
    const { fetch, store, queryClient } = setup('register-cliente', {
      '/home/user/me': () => (registered ? { body: { ...answer, profile: { shoppingHistory: [] } } } : ANONYMOUS),
      '/home/user/register': () => {
        registered = true;
        return { status: 201, body: answer };
      },
    });
    const root = await drawerOf('register-cliente');
    fillValid(root);
    await userEvent.click(within(root).getByLabelText('Acepto términos y condiciones'));
    await submit(root);

    await waitFor(() => expect(store.get(authDrawerAtom)).toBeNull());
    expect(bodyOf(fetch.mock, '/home/user/register')).toEqual({
      email: 'ana@oficios.test',
      password: 'secreto123',
      firstName: 'Ana',
      lastName: 'Ruiz',
      address: 'Calle Falsa 123',
      phoneNumber: '+54 11 5555-1234',
      google: false,
      isClient: true,
    });
    expect(queryClient.getQueryData<MeAnswer>(SESSION_QUERY_KEY)?.dataValues.id).toBe(answer.dataValues.id);
    expect(await screen.findByText('¡Registro exitoso! Bienvenido/a, Ana')).toBeInTheDocument();
  });

  it('posts a valid professional with the bio, the chosen professions and the uploaded picture', async () => {
    document.cookie = 'XSRF-TOKEN=tok-1';
    const { fetch, store } = setup('register-profesional', {
      // The API answers its images absolute; the account is sent (and stored) the path.
      '/home/uploads': {
        status: 201,
        body: { url: 'http://localhost:3001/uploads/abc.png', secure_url: 'http://localhost:3001/uploads/abc.png' },
      },
      '/home/user/register': { status: 201, body: sessionAnswer('profesional') },
    });
    const root = await drawerOf('register-profesional');
    fillValid(root);
    type(root, 'Sobre mi', 'Plomero con 10 años de oficio.');
    await userEvent.click(await within(root).findByLabelText('Gasista'));
    await userEvent.click(within(root).getByLabelText('Técnico PC'));
    await userEvent.type(within(root).getByLabelText('Precio por dia'), '25000');
    await userEvent.click(within(root).getByLabelText('Sábado'));
    await userEvent.click(within(root).getByLabelText('Lunes'));
    await userEvent.upload(within(root).getByTestId('profile-image-input'), new File(['png'], 'yo.png', { type: 'image/png' }));
    expect(await within(root).findByTestId('profile-image-preview')).toHaveAttribute('src', 'http://localhost:3001/uploads/abc.png');
    await userEvent.click(within(root).getByLabelText('Acepto términos y condiciones'));
    await submit(root);

    await waitFor(() => expect(store.get(authDrawerAtom)).toBeNull());
    const upload = fetch.mock.mock.calls.find(([url]) => String(url).endsWith('/home/uploads'))![1]!;
    expect(upload.credentials).toBe('include');
    expect(upload.headers).toMatchObject({ 'X-XSRF-TOKEN': 'tok-1' });
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    expect(bodyOf(fetch.mock, '/home/user/register')).toEqual({
      email: 'ana@oficios.test',
      password: 'secreto123',
      firstName: 'Ana',
      lastName: 'Ruiz',
      address: 'Calle Falsa 123',
      phoneNumber: '+54 11 5555-1234',
      profileImg: '/uploads/abc.png',
      google: false,
      isProfessional: true,
      aboutMe: 'Plomero con 10 años de oficio.',
      professions: ['gasista', 'técnico PC'],
      dayPrice: 25000,
      availableDays: ['lunes', 'sabado'],
    });
  });

  it('a professional may give their service area: a half-filled one is refused under it, a whole one is sent', async () => {
    const { fetch } = setup('register-profesional', {
      ...localityRoutes(),
      '/home/user/register': { status: 201, body: sessionAnswer('profesional') },
    });
    const root = await drawerOf('register-profesional');
    fillValid(root);
    await userEvent.click(await within(root).findByLabelText('Gasista'));
    await userEvent.type(within(root).getByLabelText('Precio por dia'), '25000');
    await userEvent.click(within(root).getByLabelText('Lunes'));
    await userEvent.click(within(root).getByLabelText('Acepto términos y condiciones'));
    await userEvent.type(within(root).getByRole('combobox', { name: 'Localidad base' }), 'caball');
    await userEvent.click(await screen.findByTitle('Caballito, Ciudad Autónoma de Buenos Aires'));
    await submit(root);
    expect(await within(itemOf(root, 'Radio en km')).findByText(SERVICE_AREA_MESSAGES.radius)).toBeInTheDocument();
    expect(fetch.callsTo('/home/user/register')).toHaveLength(0);

    type(root, 'Radio en km', '15');
    await submit(root);
    await waitFor(() => expect(fetch.callsTo('/home/user/register')).toHaveLength(1));
    expect(bodyOf(fetch.mock, '/home/user/register')).toMatchObject({
      isProfessional: true,
      serviceArea: { localityId: CABALLITO.id, radiusKm: 15, extraLocalityIds: [], excludedLocalityIds: [] },
    });
  });

  it('shows a 409 under the e-mail and server 400 errors under their fields', async () => {
    let status = 409;
    const { store } = setup('register-cliente', {
      '/home/user/register': () =>
        status === 409
          ? {
              status,
              body: { statusCode: 409, message: 'Conflict', errors: [{ field: 'email', message: 'Ya existe una cuenta con ese correo' }] },
            }
          : { status, body: { statusCode: 400, message: 'Bad Request', errors: [{ field: 'phoneNumber', message: M.phoneFormat }] } },
    });
    const root = await drawerOf('register-cliente');
    fillValid(root);
    await userEvent.click(within(root).getByLabelText('Acepto términos y condiciones'));
    await submit(root);
    expect(await within(itemOf(root, 'Correo')).findByText('Ya existe una cuenta con ese correo')).toBeInTheDocument();
    expect(store.get(authDrawerAtom)).toBe('register-cliente');

    status = 400;
    await submit(root);
    expect(await within(itemOf(root, 'Teléfono')).findByText(M.phoneFormat)).toBeInTheDocument();
    expect(itemOf(root, 'Correo')).not.toHaveClass('ant-form-item-has-error');
    expect(itemOf(root, 'Teléfono')).toHaveClass('ant-form-item-has-error');
  });

  it("shows the API's refusal of a non-image or too-big file", async () => {
    let status = 400;
    setup('register-cliente', {
      '/home/uploads': () =>
        status === 400
          ? {
              status,
              body: { statusCode: 400, message: 'Bad Request', errors: [{ field: 'file', message: 'El archivo no es una imagen' }] },
            }
          : { status, body: { statusCode: 413, message: 'La imagen supera los 2 MB' } },
    });
    const root = await drawerOf('register-cliente');
    await userEvent.upload(within(root).getByTestId('profile-image-input'), new File(['hola'], 'nota.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(await within(root).findByTestId('profile-image-error')).toHaveTextContent('El archivo no es una imagen');

    status = 413;
    // The input is replaced after each upload: query it again.
    await userEvent.upload(
      within(root).getByTestId('profile-image-input'),
      new File(['x'.repeat(100)], 'grande.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(within(root).getByTestId('profile-image-error')).toHaveTextContent('La imagen supera los 2 MB'));
    expect(within(root).queryByTestId('profile-image-preview')).not.toBeInTheDocument();
  });
});
