import { professional } from '../../../testing/fixtures';

type CartModule = typeof import('./cart.atom');

/** A fresh copy of the module, as when the app starts (the stored cart is read on load). */
function loadCartModule(): CartModule {
  let loaded: CartModule | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<CartModule>('./cart.atom');
  });
  return loaded!;
}

describe('cart atoms', () => {
  afterEach(() => localStorage.clear());

  it('restores the cart stored under oficios.cart at start', () => {
    const pro = professional(4, { availableDays: ['lunes', 'jueves'], dayPrice: 1200 });
    localStorage.setItem('oficios.cart', JSON.stringify([{ professional: pro, days: ['jueves'], quantity: 1 }]));
    const { cartItemsAtom, cartPriceAtom } = loadCartModule();
    const { createStore } = jest.requireActual<typeof import('jotai')>('jotai');
    const store = createStore();

    expect(store.get(cartItemsAtom)).toEqual([{ professional: pro, days: ['jueves'], quantity: 1 }]);
    expect(store.get(cartPriceAtom)).toEqual({ lines: [{ professionalId: 4, quantity: 1, priceCents: 120000 }], totalCents: 120000 });
  });

  it('starts empty when the stored value is not a cart', () => {
    localStorage.setItem('oficios.cart', JSON.stringify({ nope: true }));
    const { cartItemsAtom } = loadCartModule();
    const { createStore } = jest.requireActual<typeof import('jotai')>('jotai');
    expect(createStore().get(cartItemsAtom)).toEqual([]);
  });

  it('saves every change and keeps days unique, available and in week order', () => {
    const { cartItemsAtom, addToCartAtom, addCartDayAtom, removeCartDayAtom, deleteCartItemAtom, clearCartAtom, cartPanelOpenAtom } =
      loadCartModule();
    const { createStore } = jest.requireActual<typeof import('jotai')>('jotai');
    const store = createStore();
    const pro = professional(1, { availableDays: ['lunes', 'miercoles', 'viernes'] });
    const stored = () => JSON.parse(localStorage.getItem('oficios.cart') ?? 'null') as unknown;

    expect(store.set(addToCartAtom, pro)).toBe(true);
    expect(store.set(addToCartAtom, pro)).toBe(false);
    store.set(cartPanelOpenAtom, true);
    expect(store.get(cartPanelOpenAtom)).toBe(true);

    expect(store.set(addCartDayAtom, { professionalId: 1, day: 'Viernes' })).toEqual({ ok: true, days: ['viernes'] });
    expect(store.set(addCartDayAtom, { professionalId: 1, day: 'lunes' })).toEqual({ ok: true, days: ['lunes', 'viernes'] });
    expect(store.set(addCartDayAtom, { professionalId: 1, day: 'lunes' })).toEqual({ ok: false, reason: 'duplicate' });
    expect(store.set(addCartDayAtom, { professionalId: 1, day: 'martes' })).toEqual({ ok: false, reason: 'unavailable' });
    expect(stored()).toEqual([{ professional: pro, days: ['lunes', 'viernes'], quantity: 2 }]);

    store.set(removeCartDayAtom, { professionalId: 1, day: 'lunes' });
    expect(store.get(cartItemsAtom)).toEqual([{ professional: pro, days: ['viernes'], quantity: 1 }]);

    store.set(deleteCartItemAtom, 1);
    expect(stored()).toEqual([]);
    expect(store.get(cartPanelOpenAtom)).toBe(false);

    store.set(addToCartAtom, pro);
    store.set(clearCartAtom);
    expect(store.get(cartItemsAtom)).toEqual([]);
  });
});
