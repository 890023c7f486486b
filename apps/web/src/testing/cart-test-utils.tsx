import {
  weekdayOf,
  type AvailabilityView,
  type BookingSettingsView,
  type CartDetailView,
  type CartProfessional,
  type CartView,
  type Day,
  type IsoDate,
  type ProfessionalListItem,
} from '@oficios/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import type { RouteHandler } from './fetch-stub';
import { professional } from './fixtures';
import { cartItemsAtom, type CartItem } from '../features/cart/atoms/cart.atom';

const weekdays = (dates: readonly IsoDate[]) => dates.map((date) => weekdayOf(date)!);

/** A store whose cart holds these professionals with these dates. */
export function cartStore(entries: [ProfessionalListItem, IsoDate[]][]) {
  const store = createStore();
  store.set(
    cartItemsAtom,
    entries.map(([pro, dates]): CartItem => ({ professional: pro, dates, days: weekdays(dates), quantity: dates.length })),
  );
  return store;
}

/** Today in the tests' marketplace: Tuesday 1 December 2026 (Monday 7 December is "lunes 7 dic"). */
export const TODAY = '2026-12-01';
export const settings: BookingSettingsView = {
  timeZone: 'America/Argentina/Buenos_Aires',
  minLeadHours: 24,
  horizonDays: 60,
  professionalResponseHours: 24,
  fullRefundHours: 48,
  lateRefundPercent: 50,
  autoDoneHours: 72,
  disputeWindowHours: 72,
  policyText:
    'Cancelación gratuita hasta 48 horas antes del primer día; después, hasta el primer día, se devuelve el 50 %; luego no hay devolución.',
  today: TODAY,
};

/** Bookable dates per professional: Ana (lunes, miercoles, viernes) and Beto (martes, sabado), minus some taken. */
export const BOOKABLE: Record<number, IsoDate[]> = {
  1: ['2026-12-07', '2026-12-09', '2026-12-11', '2026-12-14', '2027-01-04'],
  2: ['2026-12-05', '2026-12-08', '2026-12-12'],
};

/** `GET /api/bookings/settings` and `GET /home/professionals/{id}/availability`, as the API answers them. */
export const bookingRoutes: Record<string, RouteHandler> = {
  '/api/bookings/settings': () => ({ body: settings }),
  '/home/professionals/*': (url) => {
    const id = Number(url.pathname.split('/')[3]);
    const view: AvailabilityView = { professionalId: id, from: TODAY, to: '2027-01-30', dates: BOOKABLE[id] ?? [] };
    return { body: view };
  },
};

/** The antd date picker of a professional inside `container`, opened; answers its popup once its dates are loaded. */
async function openDatePicker(container: HTMLElement): Promise<HTMLElement> {
  const input = within(container).getByRole('textbox', { name: /Fechas disponibles/ });
  await waitFor(() => expect(input).toBeEnabled());
  fireEvent.mouseDown(input);
  fireEvent.click(input);
  return waitFor(() => {
    const popups = [...document.querySelectorAll<HTMLElement>('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')];
    expect(popups).toHaveLength(1);
    return popups[0]!;
  });
}

/** The date cell of `date` in an open picker, moving to later months as needed. */
async function dateCell(popup: HTMLElement, date: IsoDate): Promise<HTMLElement> {
  for (let month = 0; month < 3; month++) {
    const cell = popup.querySelector<HTMLElement>(`td[title="${date}"]`);
    if (cell?.classList.contains('ant-picker-cell-in-view')) return cell;
    fireEvent.click(popup.querySelector<HTMLElement>('.ant-picker-header-next-btn')!);
  }
  throw new Error(`No cell for ${date}`);
}

/** Picks `date` in the antd date picker inside `container`. */
export async function pickDate(container: HTMLElement, date: IsoDate) {
  const popup = await openDatePicker(container);
  const cell = await dateCell(popup, date);
  expect(cell).not.toHaveClass('ant-picker-cell-disabled');
  fireEvent.click(cell.querySelector<HTMLElement>('.ant-picker-cell-inner')!);
  await waitFor(() => expect(popup).toHaveClass('ant-picker-dropdown-hidden'));
}

/** Which dates of `dates` the picker inside `container` offers (enabled cells), then closes it. */
export async function enabledDates(container: HTMLElement, dates: IsoDate[]): Promise<IsoDate[]> {
  const popup = await openDatePicker(container);
  const enabled: IsoDate[] = [];
  for (const date of dates) if (!(await dateCell(popup, date)).classList.contains('ant-picker-cell-disabled')) enabled.push(date);
  fireEvent.keyDown(within(container).getByRole('textbox', { name: /Fechas disponibles/ }), { key: 'Escape' });
  return enabled;
}

export const toastText = (text: string) => screen.findByText(text);

export const ana = professional(1, {
  firstName: 'Ana',
  lastName: 'Perez',
  availableDays: ['lunes', 'miercoles', 'viernes'],
  dayPrice: 1500,
});
export const beto = professional(2, { firstName: 'Beto', lastName: 'Gomez', availableDays: ['martes', 'sabado'], dayPrice: 2000 });

export const chipsOf = (container: HTMLElement) =>
  within(container)
    .queryAllByTestId('cart-day-chip')
    .map((chip) => chip.textContent);

/**
 * A stand-in for the server cart behind `/api/cart` (GET, merge, PATCH, DELETE one item, DELETE all), answering the
 * whole cart on every change as the API does. Prices: dates × the professional's dayPrice; days: their weekday names.
 */
export function fakeServerCart(
  initial: { id: number; professional: CartProfessional; dates: IsoDate[] }[] = [],
  known: CartProfessional[] = [ana, beto],
  cartId = 3,
) {
  let nextId = 100;
  const professionals = new Map([...known, ...initial.map((item) => item.professional)].map((p) => [p.id, p]));
  const details = initial.map(({ id, professional: pro, dates }) => ({ id, professionalId: pro.id, dates }));
  const viewOf = ({ id, professionalId, dates }: (typeof details)[number]): CartDetailView & { dates: IsoDate[] } => {
    const pro = professionals.get(professionalId)!;
    const days: Day[] = weekdays(dates);
    return {
      id,
      cartId,
      professionalId,
      dates,
      days,
      quantity: dates.length,
      price: dates.length * pro.dayPrice,
      professional: pro,
      jobRequest: { text: '', images: [] },
      distanceKm: null,
      outsideArea: null,
    };
  };
  const cart = (): CartView => {
    const views = details.map(viewOf);
    return { id: cartId, details: views, total: views.reduce((sum, view) => sum + view.price, 0), place: null };
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
      const { lines } = JSON.parse(String(init?.body)) as { lines: { professionalId: number; dates?: IsoDate[] }[] };
      for (const item of lines) {
        const existing = details.find((detail) => detail.professionalId === item.professionalId);
        if (existing) existing.dates = [...new Set([...existing.dates, ...(item.dates ?? [])])].sort();
        else details.push({ id: nextId++, professionalId: item.professionalId, dates: item.dates ?? [] });
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
      const { type, date } = JSON.parse(String(init?.body)) as { type: 'add' | 'remove'; date: IsoDate };
      const detail = details[index]!;
      detail.dates = type === 'add' ? [...detail.dates, date].sort() : detail.dates.filter((chosen) => chosen !== date);
      return { body: { ...viewOf(detail), cart: cart() } };
    },
  };
  return { details, routes, cart };
}

/** The method and path of every request the stub saw, e.g. 'POST /api/cart'. */
export function requestsOf(mock: jest.Mock): string[] {
  return mock.mock.calls.map(([input, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
}
