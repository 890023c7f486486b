import type { ProfessionalListItem } from '@oficios/domain';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import type { RouteHandler } from '../../../testing/fetch-stub';
import { professional } from '../../../testing/fixtures';
import { cartItemsAtom, type CartItem } from '../atoms/cart.atom';

/** A store whose cart holds these professionals with these days. */
export function cartStore(entries: [ProfessionalListItem, CartItem['days']][]) {
  const store = createStore();
  store.set(
    cartItemsAtom,
    entries.map(([pro, days]) => ({ professional: pro, days, quantity: days.length })),
  );
  return store;
}

export const ana = professional(1, {
  firstName: 'Ana',
  lastName: 'Perez',
  availableDays: ['lunes', 'miercoles', 'viernes'],
  dayPrice: 1500,
});
export const beto = professional(2, { firstName: 'Beto', lastName: 'Gomez', availableDays: ['martes', 'sabado'], dayPrice: 2000 });

/** Picks `day` in the antd day Select inside `container`. */
export async function pickDay(container: HTMLElement, day: string) {
  const combobox = within(container).getByRole('combobox');
  await waitFor(() => expect(combobox).toHaveAttribute('aria-expanded', 'false'));
  fireEvent.mouseDown(combobox);
  await waitFor(() => expect(combobox).toHaveAttribute('aria-expanded', 'true'));
  const popup = document.getElementById(combobox.getAttribute('aria-controls')!)!.closest<HTMLElement>('.ant-select-dropdown')!;
  fireEvent.click(within(popup).getByTitle(day));
  await waitFor(() => expect(combobox).toHaveAttribute('aria-expanded', 'false'));
}

export const chipsOf = (container: HTMLElement) =>
  within(container)
    .queryAllByTestId('cart-day-chip')
    .map((chip) => chip.textContent);

/** A stand-in for the server cart behind `/api/cart`: POST, PATCH, DELETE and GET on a list of details. */
export function fakeServerCart(initial: { id: number; professionalId: number; days: string[] }[] = [], cartId = 3) {
  let nextId = 100;
  const details = initial.map((detail) => ({ ...detail, cartId, quantity: detail.days.length, price: 0 }));
  const answerCart = () => ({ body: { id: cartId, details, total: 0 } });
  const routes: Record<string, RouteHandler> = {
    '/api/cart': (_url, init) => {
      if (init?.method !== 'POST') return answerCart();
      const { professionalId, days } = JSON.parse(String(init.body)) as { professionalId: number; days: string[] };
      if (details.some((detail) => detail.professionalId === professionalId))
        return { status: 409, body: { statusCode: 409, message: 'El profesional ya fue agregado a tu carrito' } };
      const detail = { id: nextId++, cartId, professionalId, days, quantity: days.length, price: 0 };
      details.push(detail);
      return { status: 201, body: { newCartDetail: detail } };
    },
    '/api/cart/*': (url, init) => {
      const id = Number(url.pathname.split('/').pop());
      const index = details.findIndex((detail) => detail.id === id);
      if (index < 0) return { status: 404, body: { statusCode: 404, message: `No existe el detalle ${id}` } };
      if (init?.method === 'DELETE') {
        details.splice(index, 1);
        return { status: 204 };
      }
      const { type, day } = JSON.parse(String(init?.body)) as { type: 'add' | 'remove'; day: string };
      const detail = details[index]!;
      detail.days = type === 'add' ? [...detail.days, day] : detail.days.filter((chosen) => chosen !== day);
      return { body: detail };
    },
  };
  return { details, routes };
}

/** The method and path of every request the stub saw, e.g. 'POST /api/cart'. */
export function requestsOf(mock: jest.Mock): string[] {
  return mock.mock.calls.map(([input, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
}
