import { lazy, Suspense, useState } from 'react';
import { useCartPanelOpen } from '../hooks/use-cart';
import { useCheckoutCart } from '../hooks/use-checkout-cart';

// The panel's code (Drawer, Card, Select, Tag) loads the first time it opens.
const CartPanel = lazy(() => import('./cart-panel').then((m) => ({ default: m.CartPanel })));

/** Mounts the cart side panel once it has been opened (after 'Reservar'). */
export function CartPanelHost() {
  const [open] = useCartPanelOpen();
  const checkout = useCheckoutCart();
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <CartPanel onCheckout={checkout} />
    </Suspense>
  );
}
