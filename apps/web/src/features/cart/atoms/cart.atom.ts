import {
  pesosToCents,
  priceCart,
  type CartPrice,
  type CartProfessional,
  type Day,
  type IsoDate,
  type JobRequestView,
} from '@oficios/domain';
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { addDate, removeDate, type AddDateResult } from '../lib/cart-dates';

/** One professional in the cart and the dates chosen for them (a visitor's, in this browser; or a server cart item). */
export interface CartItem {
  professional: CartProfessional;
  /** The spec's day labels: the weekday name of each date. */
  days: Day[];
  /** The chosen dates, ascending. */
  dates: IsoDate[];
  /** Number of days (from `priceCart`). */
  quantity: number;
  /** The server cart item's id (signed-in clients: the server cart is the cart). */
  idDb?: number;
  /** The server cart item's job request (what the client tells the professional); visitors' items have none. */
  jobRequest?: JobRequestView;
}

/** localStorage key of the cart: restored when the app starts. */
export const CART_STORAGE_KEY = 'oficios.cart';

const isCartItem = (value: unknown): value is CartItem => {
  const item = value as Partial<CartItem> | null;
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.professional?.id === 'number' &&
    Number.isFinite(item.professional.dayPrice) &&
    Array.isArray(item.days) &&
    Array.isArray(item.dates)
  );
};

/** What pricing needs of an item: the catalogue's day price (pesos) in cents. */
export const pricingOf = ({ professional, days }: Pick<CartItem, 'professional' | 'days'>) => ({
  professionalId: professional.id,
  dayPriceCents: pesosToCents(professional.dayPrice),
  days,
});

// jotai's own localStorage: none where there is no window (the server's renders of the pages), an empty cart there.
const jsonStorage = createJSONStorage<CartItem[]>();
/** JSON in localStorage; anything that is not a list of cart items reads as an empty cart. */
const cartStorage: typeof jsonStorage = {
  ...jsonStorage,
  getItem: (key, initialValue) => {
    const stored = jsonStorage.getItem(key, initialValue);
    return Array.isArray(stored) && stored.every(isCartItem) ? stored : initialValue;
  },
};

export const cartItemsAtom = atomWithStorage<CartItem[]>(CART_STORAGE_KEY, [], cartStorage, { getOnInit: true });

/** Whether the "Resumen Del Carrito" side panel is open (never open on an empty cart). */
export const cartPanelRequestedAtom = atom(false);
export const cartPanelOpenAtom = atom(
  (get) => get(cartPanelRequestedAtom) && get(cartItemsAtom).length > 0,
  (_get, set, open: boolean) => set(cartPanelRequestedAtom, open),
);

/** Prices per professional and the total, by the domain's rule (days × dayPrice). */
export const cartPriceAtom = atom<CartPrice>((get) => priceCart(get(cartItemsAtom).map(pricingOf)));

/** Whether some professional in the cart still has no days chosen. */
export const cartHasItemWithoutDaysAtom = atom((get) => get(cartItemsAtom).some((item) => item.days.length === 0));

function withDates(item: CartItem, { dates, days }: { dates: IsoDate[]; days: Day[] }): CartItem {
  const [price] = priceCart([pricingOf({ professional: item.professional, days })]).lines;
  return { ...item, dates, days, quantity: price?.quantity ?? days.length };
}

/**
 * Adds a professional, with no dates or with a first one (the detail page's picker); answers false (and changes
 * nothing) if already there.
 */
export const addToCartAtom = atom(null, (get, set, professional: CartProfessional, firstDate?: IsoDate): boolean => {
  const items = get(cartItemsAtom);
  if (items.some((item) => item.professional.id === professional.id)) return false;
  const empty: CartItem = { professional, days: [], dates: [], quantity: 0 };
  const added = firstDate === undefined ? { ok: false as const } : addDate(empty, firstDate);
  set(cartItemsAtom, [...items, added.ok ? withDates(empty, added) : empty]);
  return true;
});

/** Adds one date to a professional's item; refused (nothing changes) when already chosen or not a working date. */
export const addCartDateAtom = atom(
  null,
  (get, set, { professionalId, date }: { professionalId: number; date: IsoDate }): AddDateResult => {
    const items = get(cartItemsAtom);
    const item = items.find((candidate) => candidate.professional.id === professionalId);
    if (!item) return { ok: false, reason: 'unavailable' };
    const result = addDate(item, date);
    if (result.ok)
      set(
        cartItemsAtom,
        items.map((candidate) => (candidate === item ? withDates(item, result) : candidate)),
      );
    return result;
  },
);

export const removeCartDateAtom = atom(null, (get, set, { professionalId, date }: { professionalId: number; date: IsoDate }) => {
  set(
    cartItemsAtom,
    get(cartItemsAtom).map((item) => (item.professional.id === professionalId ? withDates(item, removeDate(item, date)) : item)),
  );
});

/** Removes a professional from the cart; the side panel closes once the cart is empty. */
export const deleteCartItemAtom = atom(null, (get, set, professionalId: number) => {
  const items = get(cartItemsAtom).filter((item) => item.professional.id !== professionalId);
  set(cartItemsAtom, items);
  if (items.length === 0) set(cartPanelRequestedAtom, false);
});

/**
 * Drops the browser's saved copy of the cart (spec: local storage is cleared when payment
 * is requested). The cart stays in memory for this page; only a reload no longer brings it back.
 * The session is an httpOnly cookie, so this never signs anyone out.
 */
export function forgetSavedCart(): void {
  localStorage.removeItem(CART_STORAGE_KEY);
}

export const clearCartAtom = atom(null, (_get, set) => {
  set(cartItemsAtom, []);
  set(cartPanelRequestedAtom, false);
});
