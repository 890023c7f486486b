import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { cartPanelRequestedAtom } from '../atoms/cart.atom';

/**
 * 'Realizar Compras': the side panel closes and /cart opens. A signed-in client's cart is already saved (every
 * change was a request to the server cart), so there is nothing left to send.
 */
export function useCheckoutCart(): () => void {
  const navigate = useNavigate();
  const setPanelOpen = useSetAtom(cartPanelRequestedAtom);
  return useCallback(() => {
    setPanelOpen(false);
    void navigate('/cart');
  }, [navigate, setPanelOpen]);
}
