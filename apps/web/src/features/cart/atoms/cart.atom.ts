import type { Day, ProfessionalListItem } from '@oficios/domain';
import { atom } from 'jotai';

/** One professional in the cart; days are picked later (cart issue). */
export interface CartItem {
  professional: ProfessionalListItem;
  days: Day[];
  quantity: number;
  /** Server cart-detail id once the cart is saved. */
  idDb?: number;
}

export const cartItemsAtom = atom<CartItem[]>([]);

export const cartCountAtom = atom((get) => get(cartItemsAtom).length);

/** Adds a professional with no days; answers false (and changes nothing) if already there. */
export const addToCartAtom = atom(null, (get, set, professional: ProfessionalListItem): boolean => {
  const items = get(cartItemsAtom);
  if (items.some((item) => item.professional.id === professional.id)) return false;
  set(cartItemsAtom, [...items, { professional, days: [], quantity: 0 }]);
  return true;
});
