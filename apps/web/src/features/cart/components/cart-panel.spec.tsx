import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../../testing/render';
import { cartItemsAtom, cartPanelOpenAtom } from '../atoms/cart.atom';
import { CartPanel } from './cart-panel';
import { ana, beto, cartStore, chipsOf, pickDay } from './cart-test-utils';

jest.setTimeout(20_000);

function renderPanel(store: ReturnType<typeof cartStore>, onCheckout = jest.fn()) {
  store.set(cartPanelOpenAtom, true);
  const result = renderPage(<CartPanel onCheckout={onCheckout} />, { routePath: '*', path: '/home', store });
  return { ...result, onCheckout };
}

const panelItems = () => screen.getAllByTestId('cart-panel-item');
const closeButton = () => document.querySelector<HTMLElement>('.ant-drawer-close')!;

describe('CartPanel ("Resumen Del Carrito")', () => {
  afterEach(() => localStorage.clear());

  it('shows one card per professional and adds a picked day, with days count and price', async () => {
    const store = cartStore([
      [ana, []],
      [beto, ['sabado']],
    ]);
    renderPanel(store);
    expect(await screen.findByText('Resumen Del Carrito')).toBeInTheDocument();
    expect(panelItems()).toHaveLength(2);

    await pickDay(panelItems()[0]!, 'viernes');
    await pickDay(panelItems()[0]!, 'lunes');

    expect(chipsOf(panelItems()[0]!)).toEqual(['lunes', 'viernes']);
    expect(within(panelItems()[0]!).getByTestId('cart-total-days')).toHaveTextContent('Total de dias: 2');
    expect(within(panelItems()[0]!).getByTestId('cart-item-price')).toHaveTextContent('$ 3.000');
    expect(store.get(cartItemsAtom)[0]).toMatchObject({ days: ['lunes', 'viernes'], quantity: 2 });
  });

  it('refuses a day already chosen with the spec toast', async () => {
    const store = cartStore([[ana, ['lunes']]]);
    renderPanel(store);
    await pickDay(panelItems()[0]!, 'lunes');

    expect(await screen.findByText('No puedes realizar esta accion')).toBeInTheDocument();
    expect(screen.getByText('El dia lunes para el profesional Ana Perez ya ha sido reservado')).toBeInTheDocument();
    expect(store.get(cartItemsAtom)[0]!.days).toEqual(['lunes']);
  });

  it('removes a day when its chip is closed', async () => {
    const store = cartStore([[ana, ['lunes', 'miercoles']]]);
    renderPanel(store);
    const chip = (await screen.findAllByTestId('cart-day-chip'))[0]!;
    await userEvent.click(chip.querySelector('.ant-tag-close-icon')!);
    expect(store.get(cartItemsAtom)[0]!.days).toEqual(['miercoles']);
    expect(within(panelItems()[0]!).getByTestId('cart-total-days')).toHaveTextContent('Total de dias: 1');
  });

  it('refuses to close while a professional has no days, and closes once all have days', async () => {
    const store = cartStore([
      [ana, ['lunes']],
      [beto, []],
    ]);
    renderPanel(store);
    await screen.findByText('Resumen Del Carrito');

    await userEvent.click(closeButton());
    expect(await screen.findByText('Debes seleccionar los dias de tu profesional para seguir navegando')).toBeInTheDocument();
    expect(screen.getByText('No puedes realizar esta accion')).toBeInTheDocument();
    expect(store.get(cartPanelOpenAtom)).toBe(true);

    await pickDay(panelItems()[1]!, 'martes');
    await userEvent.click(closeButton());
    expect(store.get(cartPanelOpenAtom)).toBe(false);
  });

  it('closes itself when the last professional is deleted', async () => {
    const store = cartStore([[ana, []]]);
    renderPanel(store);
    await screen.findByText('Resumen Del Carrito');

    await userEvent.click(within(panelItems()[0]!).getByTestId('cart-item-delete'));
    expect(store.get(cartItemsAtom)).toEqual([]);
    expect(store.get(cartPanelOpenAtom)).toBe(false);
    await waitFor(() => expect(screen.queryByTestId('cart-panel-item')).not.toBeInTheDocument());
  });

  it("'Realizar Compras' hands over to checkout", async () => {
    const store = cartStore([[ana, ['lunes']]]);
    const { onCheckout } = renderPanel(store);
    await userEvent.click(await screen.findByText('Realizar Compras'));
    expect(onCheckout).toHaveBeenCalledTimes(1);
    act(() => store.set(cartPanelOpenAtom, false));
  });
});
