import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../../shared/api/get-session';
import { cartItemsAtom } from '../atoms/cart.atom';
import { signedInClient } from '../lib/signed-in-client';

// The merge and its notice (antd's notification) are not needed to paint a page: their code loads the first time a
// signed-in client has a cart in this browser, and stays mounted so the notice outlives the emptied browser cart.
const CartMerger = lazy(() => import('./cart-merger').then((m) => ({ default: m.CartMerger })));

/**
 * Joins the cart built in this browser to the signed-in client's server cart (see `CartMerger`).
 * Mounted once, in the app's layout.
 */
export function BrowserCartMerge() {
  const client = signedInClient(useSession().data) !== null;
  const hasBrowserCart = useAtomValue(cartItemsAtom).length > 0;
  const [used, setUsed] = useState(false);
  if (client && hasBrowserCart && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <CartMerger />
    </Suspense>
  );
}
