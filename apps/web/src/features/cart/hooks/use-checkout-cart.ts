import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { cartPanelOpenAtom } from '../atoms/cart.atom';

/**
 * 'Realizar Compras': closes the side panel and goes to the cart page.
 * The seam for saving the cart on the server (when signed in) before navigating.
 */
export function useCheckoutCart(): () => void {
  const navigate = useNavigate();
  const setPanelOpen = useSetAtom(cartPanelOpenAtom);
  return useCallback(() => {
    setPanelOpen(false);
    void navigate('/cart');
  }, [navigate, setPanelOpen]);
}
