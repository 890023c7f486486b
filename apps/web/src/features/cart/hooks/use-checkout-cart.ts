import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/error-message';
import { useSession } from '../../../shared/api/get-session';
import { cartPanelOpenAtom } from '../atoms/cart.atom';
import { signedInClient } from '../lib/signed-in-client';
import { useSaveCart } from './use-save-cart';

/** What /cart receives in its location state when the save before it failed. */
export interface CartPageState {
  cartSaveError?: string;
}

export interface CheckoutCart {
  checkout: () => void;
  /** The cart is being saved: 'Realizar Compras' shows it is busy. */
  saving: boolean;
}

/**
 * 'Realizar Compras': a signed-in client's cart is saved on the server first, then the
 * side panel closes and /cart opens. A failed save still opens /cart, which says why
 * (the panel's page is gone by then); the cart stays in this browser and
 * 'Resumen de la compra' saves it again.
 */
export function useCheckoutCart(): CheckoutCart {
  const navigate = useNavigate();
  const setPanelOpen = useSetAtom(cartPanelOpenAtom);
  const session = useSession();
  const save = useSaveCart();
  const { mutateAsync: saveCart } = save;

  const checkout = useCallback(() => {
    const goToCart = (state: CartPageState = {}) => {
      setPanelOpen(false);
      void navigate('/cart', { state });
    };
    const client = signedInClient(session.data);
    if (!client) return goToCart();
    saveCart(client.id).then(
      () => goToCart(),
      (error: unknown) => goToCart({ cartSaveError: errorMessage(error) }),
    );
  }, [navigate, saveCart, session.data, setPanelOpen]);

  return { checkout, saving: save.isPending };
}
