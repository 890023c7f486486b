import { SOCKET_TOO_MANY_CONNECTIONS, SOCKET_UNAUTHORIZED } from '@oficios/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { addToCartAtom } from '../../features/cart/atoms/cart.atom';
import { SESSION_QUERY_KEY } from '../../shared/api/get-session';
import { reloadPage } from '../../shared/lib/browser';
import { sessionAnswer } from '../../testing/auth-fixtures';
import { fakeSockets } from '../../testing/fake-socket';
import { restoreFetch, stubFetch, type FakeResponseInit, type RouteHandler } from '../../testing/fetch-stub';
import { professional } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render';
import { AppLayout } from './app-layout';

jest.mock('../../shared/lib/browser', () => ({ reloadPage: jest.fn() }));
jest.setTimeout(20_000);

const ANONYMOUS = { status: 401, body: { statusCode: 401, message: 'No autenticado' } };

function renderLayout(store = createStore()) {
  return renderRoutes(
    [
      {
        path: '/',
        element: <AppLayout />,
        children: [
          { index: true, element: <p>contenido</p> },
          { path: 'details/me', element: <p>mi perfil</p> },
        ],
      },
    ],
    { store },
  );
}

function cartBadgeCount(): Element | null {
  return screen.getByTestId('cart-button').querySelector('.ant-badge-count');
}

/** The badge is its own chunk: wait until it is there. */
async function findCartBadgeCount(): Promise<Element> {
  return waitFor(() => {
    const count = cartBadgeCount();
    if (!count) throw new Error('no badge yet');
    return count;
  });
}

describe('TopBar', () => {
  beforeEach(() => {
    stubFetch({ '/home/user/me': ANONYMOUS });
    fakeSockets.length = 0;
  });
  afterEach(() => {
    restoreFetch();
    jest.clearAllMocks();
    window.localStorage.clear();
  });

  it('shows the logo, the links, the sign-in button and the registration menu', async () => {
    renderLayout();
    expect(screen.getByRole('link', { name: 'Oficios, ir al inicio' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Profesionales' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('link', { name: 'Carrito' })).toHaveAttribute('href', '/cart');
    expect(await screen.findByRole('button', { name: /Iniciar Sesion/ })).toBeInTheDocument();
    // Messages are a signed-in user's: no link, no live connection.
    expect(screen.queryByTestId('messages-link')).not.toBeInTheDocument();
    expect(fakeSockets).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: /Regístrate/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Cliente')).toBeInTheDocument();
    expect(within(menu).getByText('Profesional')).toBeInTheDocument();
  });

  it('opens the sign-in and registration drawers', async () => {
    renderLayout();
    await userEvent.click(await screen.findByRole('button', { name: /Iniciar Sesion/ }));
    expect(await screen.findByText('Iniciar sesion')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Regístrate/ }));
    await userEvent.click(await screen.findByText('Profesional'));
    expect(await screen.findByText('Regístrate como profesional')).toBeInTheDocument();
  });

  it('hides the cart badge while the cart is empty', async () => {
    renderLayout();
    expect(screen.getByTestId('cart-button')).toHaveAttribute('data-count', '0');
    await screen.findByRole('button', { name: /Iniciar Sesion/ }); // let the lazy widgets settle
    expect(cartBadgeCount()).toBeNull();
  });

  it('shows the number of cart items on the badge', async () => {
    const store = createStore();
    store.set(addToCartAtom, professional(1));
    store.set(addToCartAtom, professional(2));
    store.set(addToCartAtom, professional(2)); // refused: already there
    renderLayout(store);
    expect(screen.getByTestId('cart-button')).toHaveAttribute('data-count', '2');
    expect(await findCartBadgeCount()).toHaveAttribute('title', '2');
    expect(screen.getByTestId('cart-button')).toHaveAccessibleName('Carrito 2');
  });

  describe('signed in', () => {
    function signIn(routes: Record<string, RouteHandler | FakeResponseInit> = {}) {
      const answer = sessionAnswer('cliente', { firstName: 'Ana', lastName: 'Ruiz', profileImg: '/uploads/ana.png' });
      return stubFetch({ '/home/user/me': { body: { ...answer, profile: { shoppingHistory: [] } } }, ...routes });
    }

    it('shows nothing in the account slot while the session loads', async () => {
      stubFetch({ '/home/user/me': () => new Promise<FakeResponseInit>(() => undefined) });
      renderLayout();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(document.querySelector('.top-bar-account-placeholder')).toBeInTheDocument();
      expect(screen.queryByTestId('login-button')).not.toBeInTheDocument();
      expect(screen.queryByTestId('register-button')).not.toBeInTheDocument();
      expect(screen.queryByTestId('account-menu')).not.toBeInTheDocument();
    });

    it('swaps the sign-in and registration entries for the avatar menu', async () => {
      signIn();
      const { location } = renderLayout();
      const trigger = await screen.findByTestId('account-menu');
      expect(screen.queryByTestId('login-button')).not.toBeInTheDocument();
      expect(screen.queryByTestId('register-button')).not.toBeInTheDocument();
      // The picture is decorative there (hidden from screen readers): the button's name says whose account it is.
      expect(trigger.querySelector('img')).toHaveAttribute('src', 'http://localhost:3001/uploads/ana.png');
      expect(trigger).toHaveAccessibleName(/^Cuenta de Ana /);

      await userEvent.click(trigger);
      const menu = await screen.findByRole('menu');
      expect(within(menu).getByText('Cerrar Sesion')).toBeInTheDocument();
      await userEvent.click(within(menu).getByText('Ir a Mi Perfil'));
      expect(location()).toBe('/details/me');
    });

    it('shows "Mensajes" with the unread total, and keeps one live connection while signed in', async () => {
      signIn({ '/api/conversations/unread': { body: { total: 3 } } });
      const { queryClient } = renderLayout();
      const link = await screen.findByTestId('messages-link');
      expect(link).toHaveAttribute('href', '/mensajes');
      await waitFor(() => expect(link).toHaveAttribute('data-unread', '3'));
      expect(link).toHaveAccessibleName('Mensajes 3 sin leer');
      await waitFor(() => expect(fakeSockets).toHaveLength(1));
      expect(fakeSockets[0]!.options.withCredentials).toBe(true);

      // Signed out: the connection closes and the link goes.
      act(() => queryClient.setQueryData(SESSION_QUERY_KEY, null));
      await waitFor(() => expect(fakeSockets[0]!.disconnected).toBe(true));
      expect(screen.queryByTestId('messages-link')).not.toBeInTheDocument();
      expect(fakeSockets).toHaveLength(1);
    });

    it('after a handshake refused for too many connections, connects again once, when the server said; not after one refused for the session', async () => {
      signIn();
      renderLayout();
      await waitFor(() => expect(fakeSockets).toHaveLength(1));
      const socket = fakeSockets[0]!;
      jest.useFakeTimers();
      try {
        const refusal = Object.assign(new Error(SOCKET_TOO_MANY_CONNECTIONS), {
          data: { message: 'Demasiadas conexiones en vivo seguidas. Espera 20 s y vuelve a intentarlo.', retryAfter: 20 },
        });
        act(() => socket.serverEmit('connect_error', refusal));
        act(() => jest.advanceTimersByTime(19_999));
        expect(socket.reconnects).toBe(0);
        act(() => jest.advanceTimersByTime(1));
        expect(socket.reconnects).toBe(1);

        act(() => socket.serverEmit('connect_error', new Error(SOCKET_UNAUTHORIZED)));
        act(() => jest.advanceTimersByTime(10 * 60_000));
        expect(socket.reconnects).toBe(1);
      } finally {
        jest.useRealTimers();
      }
    });

    it('shows the initials when the user has no picture', async () => {
      stubFetch({ '/home/user/me': { body: { ...sessionAnswer('profesional', { profileImg: null }), profile: {} } } });
      renderLayout();
      expect(await screen.findByTestId('account-menu')).toHaveTextContent('AR');
    });

    it('"Cerrar Sesion" posts the logout, clears local storage and reloads the page', async () => {
      const fetch = signIn({ '/home/user/logout': { status: 204 } });
      window.localStorage.setItem('oficios-cart', '[1]');
      renderLayout();
      await userEvent.click(await screen.findByTestId('account-menu'));
      await userEvent.click(within(await screen.findByRole('menu')).getByText('Cerrar Sesion'));

      await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
      expect(fetch.callsTo('/home/user/logout')).toHaveLength(1);
      expect(fetch.mock.mock.calls.find(([url]) => String(url).endsWith('/home/user/logout'))![1]!.method).toBe('POST');
      expect(window.localStorage.getItem('oficios-cart')).toBeNull();
    });

    it('keeps the user signed in and says so when the logout fails', async () => {
      signIn({ '/home/user/logout': { status: 500, body: { statusCode: 500, message: 'Error' } } });
      window.localStorage.setItem('oficios-cart', '[1]');
      renderLayout();
      await userEvent.click(await screen.findByTestId('account-menu'));
      await userEvent.click(within(await screen.findByRole('menu')).getByText('Cerrar Sesion'));
      expect(await screen.findByText('No se pudo cerrar la sesion. Intenta de nuevo.')).toBeInTheDocument();
      expect(reloadPage).not.toHaveBeenCalled();
      expect(window.localStorage.getItem('oficios-cart')).toBe('[1]');
    });
  });
});
