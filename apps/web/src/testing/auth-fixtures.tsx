import type { SessionAnswer, SessionUser, UserType } from '@oficios/domain';
import { act } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactElement } from 'react';
import { authDrawerAtom, type AuthDrawer } from '../shared/state/auth-drawer.atom';
import { renderRoutes } from './render';

export const API_ORIGIN = 'http://localhost:3001';

export function signedInUser(type: UserType = 'cliente', overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 9,
    type,
    firstName: 'Ana',
    lastName: 'Ruiz',
    email: 'ana@oficios.test',
    phoneNumber: '11 5555 1234',
    address: 'Calle Falsa 123',
    profileImg: null,
    google: false,
    ...overrides,
  };
}

/** What login, registration and the Google popup answer. */
export function sessionAnswer(type: UserType = 'cliente', overrides: Partial<SessionUser> = {}): SessionAnswer {
  return { msg: `${type} logeado`, dataValues: signedInUser(type, overrides), cart: type === 'cliente' ? { id: 3 } : null };
}

/** The app's `layout` (the test passes it: the top bar and the drawers) with one drawer open. */
export function renderWithDrawer(layout: ReactElement, drawer: AuthDrawer | null, path = '/') {
  const store = createStore();
  store.set(authDrawerAtom, drawer);
  return renderRoutes(
    [
      {
        path: '/',
        element: layout,
        children: [
          { index: true, element: <p>inicio</p> },
          { path: '*', element: <p>otra pagina</p> },
        ],
      },
    ],
    { store, path },
  );
}

/** Replaces window.open with a fake popup; returns the spy. */
export function stubPopup(): jest.SpyInstance {
  const popup = { close: jest.fn(), focus: jest.fn(), closed: false } as unknown as Window;
  return jest.spyOn(window, 'open').mockImplementation(() => popup);
}

/** What the API's popup page posts to its opener. */
export function postGoogleMessage(data: Record<string, unknown>, origin = API_ORIGIN): void {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin, data: { type: 'oficios:google', ...data } }));
  });
}

/** The JSON body of the n-th fetch call to a path. */
export function bodyOf(mock: jest.Mock, pathname: string, index = 0): unknown {
  const calls = mock.mock.calls.filter(([input]) => new URL(String(input)).pathname === pathname);
  const init = calls[index]?.[1] as RequestInit | undefined;
  return init?.body === undefined ? undefined : JSON.parse(String(init.body));
}
