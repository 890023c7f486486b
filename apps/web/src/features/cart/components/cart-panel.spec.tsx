import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreFetch, stubFetch } from '../../../testing/fetch-stub';
import { renderPage } from '../../../testing/render';
import { cartItemsAtom, cartPanelOpenAtom } from '../atoms/cart.atom';
import { CartPanel } from './cart-panel';
import { ana, beto, bookingRoutes, cartStore, chipsOf, enabledDates, pickDate } from '../../../testing/cart-test-utils';

jest.setTimeout(20_000);

function renderPanel(store: ReturnType<typeof cartStore>, onCheckout = jest.fn()) {
  store.set(cartPanelOpenAtom, true);
  const result = renderPage(<CartPanel onCheckout={onCheckout} />, { routePath: '*', path: '/home', store });
  return { ...result, onCheckout };
}

const panelItems = () => screen.getAllByTestId('cart-panel-item');
const closeButton = () => document.querySelector<HTMLElement>('.ant-drawer-close')!;

describe('CartPanel ("Resumen Del Carrito")', () => {
  beforeEach(() => stubFetch(bookingRoutes));
  afterEach(() => {
    localStorage.clear();
    restoreFetch();
  });

  it('shows one card per professional and adds a picked date, labelled "lunes 7 dic", with days count and price', async () => {
    const store = cartStore([
      [ana, []],
      [beto, ['2026-12-12']],
    ]);
    renderPanel(store);
    expect(await screen.findByText('Resumen Del Carrito')).toBeInTheDocument();
    expect(panelItems()).toHaveLength(2);

    await pickDate(panelItems()[0]!, '2026-12-11');
    await pickDate(panelItems()[0]!, '2026-12-07');

    expect(chipsOf(panelItems()[0]!)).toEqual(['lunes 7 dic', 'viernes 11 dic']);
    expect(chipsOf(panelItems()[1]!)).toEqual(['sabado 12 dic']);
    expect(within(panelItems()[0]!).getByTestId('cart-total-days')).toHaveTextContent('Total de dias: 2');
    expect(within(panelItems()[0]!).getByTestId('cart-item-price')).toHaveTextContent('$ 3.000');
    expect(store.get(cartItemsAtom)[0]).toMatchObject({ dates: ['2026-12-07', '2026-12-11'], days: ['lunes', 'viernes'], quantity: 2 });
    // The date just picked is confirmed in its own card, with the running total.
    expect(within(panelItems()[0]!).getByRole('status')).toHaveTextContent(
      'Agregaste el lunes 7 dic al carrito: 2 días · $ 3.000 en total.',
    );
    expect(within(panelItems()[1]!).getByTestId('picked-confirmation')).toBeEmptyDOMElement();
  });

  it("enables only the professional's bookable dates within the horizon", async () => {
    renderPanel(cartStore([[ana, []]]));
    await screen.findByText('Resumen Del Carrito');
    // 8 Dec is a Tuesday (Ana does not work it), 16 Dec a Wednesday someone else holds, 4 Jan is bookable next month.
    expect(await enabledDates(panelItems()[0]!, ['2026-12-07', '2026-12-08', '2026-12-16', '2027-01-04'])).toEqual([
      '2026-12-07',
      '2027-01-04',
    ]);
  });

  it('refuses a date already chosen with the spec toast naming the date', async () => {
    const store = cartStore([[ana, ['2026-12-07']]]);
    renderPanel(store);
    await pickDate(panelItems()[0]!, '2026-12-07');

    expect(await screen.findByText('No puedes realizar esta accion')).toBeInTheDocument();
    expect(screen.getByText('El dia lunes 7 dic para el profesional Ana Perez ya ha sido reservado')).toBeInTheDocument();
    expect(store.get(cartItemsAtom)[0]!.dates).toEqual(['2026-12-07']);
  });

  it('removes a date when its chip is closed', async () => {
    const store = cartStore([[ana, ['2026-12-07', '2026-12-09']]]);
    renderPanel(store);
    const chip = (await screen.findAllByTestId('cart-day-chip'))[0]!;
    await userEvent.click(chip.querySelector('.ant-tag-close-icon')!);
    expect(store.get(cartItemsAtom)[0]).toMatchObject({ dates: ['2026-12-09'], days: ['miercoles'] });
    expect(within(panelItems()[0]!).getByTestId('cart-total-days')).toHaveTextContent('Total de dias: 1');
  });

  it('refuses to close while a professional has no days, and closes once all have days', async () => {
    const store = cartStore([
      [ana, ['2026-12-07']],
      [beto, []],
    ]);
    renderPanel(store);
    await screen.findByText('Resumen Del Carrito');

    await userEvent.click(closeButton());
    expect(await screen.findByText('Debes seleccionar los dias de tu profesional para seguir navegando')).toBeInTheDocument();
    expect(screen.getByText('No puedes realizar esta accion')).toBeInTheDocument();
    expect(store.get(cartPanelOpenAtom)).toBe(true);

    await pickDate(panelItems()[1]!, '2026-12-08');
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
    const store = cartStore([[ana, ['2026-12-07']]]);
    const { onCheckout } = renderPanel(store);
    await userEvent.click(await screen.findByText('Realizar Compras'));
    expect(onCheckout).toHaveBeenCalledTimes(1);
    act(() => store.set(cartPanelOpenAtom, false));
  });
});
