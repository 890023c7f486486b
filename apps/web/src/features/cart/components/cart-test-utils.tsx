import type { CartDetailView, CartProfessional, CartView, Day, ProfessionalListItem } from '@oficios/domain';
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

/**
 * A stand-in for the server cart behind `/api/cart` (GET, merge, PATCH, DELETE one line, DELETE all), answering the
 * whole cart on every change as the API does. Prices: days × the professional's dayPrice.
 */
export function fakeServerCart(
  initial: { id: number; professional: CartProfessional; days: string[] }[] = [],
  known: CartProfessional[] = [ana, beto],
  cartId = 3,
) {
  let nextId = 100;
  const professionals = new Map([...known, ...initial.map((line) => line.professional)].map((p) => [p.id, p]));
  const details = initial.map(({ id, professional: pro, days }) => ({ id, professionalId: pro.id, days }));
  const lineOf = ({ id, professionalId, days }: (typeof details)[number]): CartDetailView => {
    const pro = professionals.get(professionalId)!;
    return { id, cartId, professionalId, days: days as Day[], quantity: days.length, price: days.length * pro.dayPrice, professional: pro };
  };
  const cart = (): CartView => {
    const lines = details.map(lineOf);
    return { id: cartId, details: lines, total: lines.reduce((sum, line) => sum + line.price, 0) };
  };
  const routes: Record<string, RouteHandler> = {
    '/api/cart': (_url, init) => {
      if (init?.method === 'DELETE') {
        details.splice(0);
        return { body: { cart: cart() } };
      }
      return { body: cart() };
    },
    '/api/cart/merge': (_url, init) => {
      const { lines } = JSON.parse(String(init?.body)) as { lines: { professionalId: number; days: string[] }[] };
      for (const line of lines) {
        const existing = details.find((detail) => detail.professionalId === line.professionalId);
        if (existing) existing.days = [...new Set([...existing.days, ...line.days])];
        else details.push({ id: nextId++, professionalId: line.professionalId, days: line.days });
      }
      return { body: { cart: cart(), dropped: [] } };
    },
    '/api/cart/*': (url, init) => {
      const id = Number(url.pathname.split('/').pop());
      const index = details.findIndex((detail) => detail.id === id);
      if (index < 0) return { status: 404, body: { statusCode: 404, message: `No existe el detalle ${id}` } };
      if (init?.method === 'DELETE') {
        details.splice(index, 1);
        return { body: { cart: cart() } };
      }
      const { type, day } = JSON.parse(String(init?.body)) as { type: 'add' | 'remove'; day: string };
      const detail = details[index]!;
      detail.days = type === 'add' ? [...detail.days, day] : detail.days.filter((chosen) => chosen !== day);
      return { body: { ...lineOf(detail), cart: cart() } };
    },
  };
  return { details, routes, cart };
}

/** The method and path of every request the stub saw, e.g. 'POST /api/cart'. */
export function requestsOf(mock: jest.Mock): string[] {
  return mock.mock.calls.map(([input, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
}
