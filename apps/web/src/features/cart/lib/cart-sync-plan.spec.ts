import { ana, beto } from '../components/cart-test-utils';
import type { CartItem } from '../atoms/cart.atom';
import type { ServerCartDetail } from '../api/get-cart';
import { dayChanges, detailFor, staleDetails } from './cart-sync-plan';

const item = (professional: CartItem['professional'], days: CartItem['days']): CartItem => ({ professional, days, quantity: days.length });
const detail = (id: number, professionalId: number, days: ServerCartDetail['days']): ServerCartDetail => ({
  id,
  cartId: 3,
  professionalId,
  days,
  quantity: days.length,
  price: 0,
});

describe('cart sync plan', () => {
  it('matches a local item to the server detail of the same professional', () => {
    const details = [detail(10, 2, ['martes']), detail(11, 1, ['lunes'])];
    expect(detailFor(item(ana, ['lunes']), details)?.id).toBe(11);
    expect(detailFor(item(ana, ['lunes']), [details[0]!])).toBeUndefined();
  });

  it('adds missing days before removing extra ones, ignoring case', () => {
    expect(dayChanges(['lunes', 'viernes'], ['Lunes', 'miercoles'])).toEqual([
      { type: 'add', day: 'viernes' },
      { type: 'remove', day: 'miercoles' },
    ]);
    expect(dayChanges(['lunes'], ['lunes'])).toEqual([]);
  });

  it('finds server details whose professional left the local cart', () => {
    const details = [detail(10, 2, ['martes']), detail(11, 1, ['lunes']), detail(12, 99, ['lunes'])];
    expect(staleDetails([item(ana, ['lunes']), item(beto, ['martes'])], details).map((d) => d.id)).toEqual([12]);
  });
});
