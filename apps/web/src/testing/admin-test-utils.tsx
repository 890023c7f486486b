import type { OrderStatus } from '@oficios/domain';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { bookingFields } from './booking-fixtures';
import type { FetchStub } from './fetch-stub';
import type { AdminOrder } from '../features/admin/api/get-orders';
import type { SiteStatistics } from '@oficios/domain';

/** antd renders slowly under jsdom on a busy machine. */
export const SLOW = { timeout: 5000 };

export const STATISTICS: SiteStatistics = {
  professionals: 42,
  professions: 3,
  clients: 17,
  byProfession: [
    { id: 1, name: 'plomero', professionals: 20 },
    { id: 4, name: 'técnico PC', professionals: 22 },
    { id: 9, name: 'herrero', professionals: 0 },
  ],
};

export function adminOrder(id: number, overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id,
    date: '2026-11-22T12:00:00.000Z',
    createdAt: '2026-11-22T12:00:00.000Z',
    clientId: 100 + id,
    amount: 1500 * id,
    status: 'creada' as OrderStatus,
    orderDetails: Array.from({ length: id }, (_, i) => ({
      id: i + 1,
      orderId: id,
      clientId: 100 + id,
      professionalId: 10 + i,
      days: ['lunes' as const],
      reservationAmount: 1500,
      createdAt: '2026-11-22T12:00:00.000Z',
      status: 'creada' as OrderStatus,
      professional: { id: 10 + i, firstName: 'Pro', lastName: `${i}`, profileImg: null },
      ...bookingFields({ lineStatus: 'awaiting_payment' }),
    })),
    place: null,
    ...overrides,
  };
}

/** Picks `option` (its title) in an antd Select given its combobox. */
export async function chooseOption(combobox: HTMLElement, option: string) {
  // A popup that is still closing would swallow the next mouse-down as a toggle.
  await waitFor(() => expect(combobox).toHaveAttribute('aria-expanded', 'false'));
  fireEvent.mouseDown(combobox);
  await waitFor(() => expect(combobox).toHaveAttribute('aria-expanded', 'true'));
  const popup = document.getElementById(combobox.getAttribute('aria-controls')!)!.closest<HTMLElement>('.ant-select-dropdown')!;
  fireEvent.click(within(popup).getByTitle(option));
  await waitFor(() => expect(combobox).toHaveAttribute('aria-expanded', 'false'));
}

/** Parsed JSON bodies of the calls with this method to this path. */
export function bodiesOf(fetch: FetchStub, method: string, pathname: string): unknown[] {
  return fetch.mock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input)).pathname === pathname)
    .map(([, init]) => (init?.body === undefined ? undefined : JSON.parse(String(init.body))));
}
