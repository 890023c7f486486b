import type { ProfessionalListItem } from '@oficios/domain';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
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
