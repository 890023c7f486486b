import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { addToCartAtom } from '../../features/cart/atoms/cart.atom';
import { professional } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render';
import { AppLayout } from './app-layout';

function renderLayout(store = createStore()) {
  return renderRoutes([{ path: '/', element: <AppLayout />, children: [{ index: true, element: <p>contenido</p> }] }], { store });
}

function cartBadgeCount(): Element | null {
  return screen.getByTestId('cart-button').querySelector('.ant-badge-count');
}

/** The badge is its own chunk: wait until it is there. */
async function findCartBadgeCount(): Promise<Element> {
  return waitFor(() => {
    const count = cartBadgeCount();
    if (!count) throw new Error('no badge yet');
    return count;
  });
}

describe('TopBar', () => {
  it('shows the logo, the links, the sign-in button and the registration menu', async () => {
    renderLayout();
    expect(screen.getByRole('link', { name: 'Oficios, ir al inicio' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Profesionales' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('link', { name: 'Carrito' })).toHaveAttribute('href', '/cart');
    expect(await screen.findByRole('button', { name: /Iniciar Sesion/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Regístrate/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Cliente')).toBeInTheDocument();
    expect(within(menu).getByText('Profesional')).toBeInTheDocument();
  });

  it('opens the sign-in and registration drawers', async () => {
    renderLayout();
    await userEvent.click(await screen.findByRole('button', { name: /Iniciar Sesion/ }));
    expect(await screen.findByText('Iniciar sesion')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Regístrate/ }));
    await userEvent.click(await screen.findByText('Profesional'));
    expect(await screen.findByText('Regístrate como profesional')).toBeInTheDocument();
  });

  it('hides the cart badge while the cart is empty', async () => {
    renderLayout();
    expect(screen.getByTestId('cart-button')).toHaveAttribute('data-count', '0');
    await screen.findByRole('button', { name: /Iniciar Sesion/ }); // let the lazy widgets settle
    expect(cartBadgeCount()).toBeNull();
  });

  it('shows the number of cart items on the badge', async () => {
    const store = createStore();
    store.set(addToCartAtom, professional(1));
    store.set(addToCartAtom, professional(2));
    store.set(addToCartAtom, professional(2)); // refused: already there
    renderLayout(store);
    expect(screen.getByTestId('cart-button')).toHaveAttribute('data-count', '2');
    expect(await findCartBadgeCount()).toHaveAttribute('title', '2');
  });
});
