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
    localStorage.setItem('oficios.cart', JSON.stringify([{ professional: pro, days: ['jueves'], dates: ['2026-12-10'], quantity: 1 }]));
    const { cartItemsAtom, cartPriceAtom } = loadCartModule();
    const { createStore } = jest.requireActual<typeof import('jotai')>('jotai');
    const store = createStore();

    expect(store.get(cartItemsAtom)).toEqual([{ professional: pro, days: ['jueves'], dates: ['2026-12-10'], quantity: 1 }]);
    expect(store.get(cartPriceAtom)).toEqual({ lines: [{ professionalId: 4, quantity: 1, priceCents: 120000 }], totalCents: 120000 });
  });

  it('starts empty when the stored value is not a cart', () => {
    localStorage.setItem('oficios.cart', JSON.stringify({ nope: true }));
    const { cartItemsAtom } = loadCartModule();
    const { createStore } = jest.requireActual<typeof import('jotai')>('jotai');
    expect(createStore().get(cartItemsAtom)).toEqual([]);
  });

  it('saves every change and keeps dates unique, ascending, with their weekday names as days', () => {
    const {
      cartItemsAtom,
      addToCartAtom,
      addCartDateAtom,
      removeCartDateAtom,
      deleteCartItemAtom,
      clearCartAtom,
      cartPanelOpenAtom,
      cartPriceAtom,
    } = loadCartModule();
    const { createStore } = jest.requireActual<typeof import('jotai')>('jotai');
    const store = createStore();
    const pro = professional(1, { availableDays: ['lunes', 'miercoles', 'viernes'], dayPrice: 1000 });
    const stored = () => JSON.parse(localStorage.getItem('oficios.cart') ?? 'null') as unknown;

    expect(store.set(addToCartAtom, pro)).toBe(true);
    expect(store.set(addToCartAtom, pro)).toBe(false);
    store.set(cartPanelOpenAtom, true);
    expect(store.get(cartPanelOpenAtom)).toBe(true);

    expect(store.set(addCartDateAtom, { professionalId: 1, date: '2026-12-11' })).toEqual({
      ok: true,
      dates: ['2026-12-11'],
      days: ['viernes'],
    });
    expect(store.set(addCartDateAtom, { professionalId: 1, date: '2026-12-07' })).toEqual({
      ok: true,
      dates: ['2026-12-07', '2026-12-11'],
      days: ['lunes', 'viernes'],
    });
    expect(store.set(addCartDateAtom, { professionalId: 1, date: '2026-12-14' })).toMatchObject({
      ok: true,
      days: ['lunes', 'viernes', 'lunes'],
    });
    expect(store.set(addCartDateAtom, { professionalId: 1, date: '2026-12-07' })).toEqual({ ok: false, reason: 'duplicate' });
    expect(store.set(addCartDateAtom, { professionalId: 1, date: '2026-12-13' })).toEqual({ ok: false, reason: 'unavailable' }); // a Sunday
    expect(stored()).toEqual([
      { professional: pro, dates: ['2026-12-07', '2026-12-11', '2026-12-14'], days: ['lunes', 'viernes', 'lunes'], quantity: 3 },
    ]);
    expect(store.get(cartPriceAtom).totalCents).toBe(300_000);

    store.set(removeCartDateAtom, { professionalId: 1, date: '2026-12-07' });
    expect(store.get(cartItemsAtom)).toEqual([
      { professional: pro, dates: ['2026-12-11', '2026-12-14'], days: ['viernes', 'lunes'], quantity: 2 },
    ]);

    store.set(deleteCartItemAtom, 1);
    expect(stored()).toEqual([]);
    expect(store.get(cartPanelOpenAtom)).toBe(false);

    store.set(addToCartAtom, pro);
    store.set(clearCartAtom);
    expect(store.get(cartItemsAtom)).toEqual([]);
  });
});
