import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { professional } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { useAddToCart } from '../hooks/use-add-to-cart';
import { CartPanelHost } from './cart-panel-host';
import { pickDay } from './cart-test-utils';

jest.setTimeout(20_000);

function ReserveButton() {
  const { addToCart, contextHolder } = useAddToCart();
  return (
    <>
      {contextHolder}
      <button onClick={() => addToCart(professional(7, { firstName: 'Carla', lastName: 'Diaz' }))}>Reservar</button>
      <CartPanelHost />
    </>
  );
}

describe('CartPanelHost', () => {
  afterEach(() => localStorage.clear());

  it("opens the side panel after 'Reservar' and 'Realizar Compras' goes to /cart", async () => {
    const { location } = renderRoutes(
      [
        { path: '/home', element: <ReserveButton /> },
        { path: '/cart', element: <p>carrito</p> },
      ],
      { path: '/home' },
    );
    expect(screen.queryByTestId('cart-panel')).not.toBeInTheDocument();

    await userEvent.click(screen.getByText('Reservar'));
    const item = await screen.findByTestId('cart-panel-item');
    expect(within(item).getByText('Carla Diaz')).toBeInTheDocument();
    expect(within(item).getByTestId('cart-total-days')).toHaveTextContent('Total de dias: 0');

    await pickDay(item, 'martes');
    await userEvent.click(screen.getByText('Realizar Compras'));
    expect(location()).toBe('/cart');
    expect(await screen.findByText('carrito')).toBeInTheDocument();
  });
});
