import { pesosToCents, type CartPrice, type CartView } from '@oficios/domain';
import { useAtom, useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useSession } from '../../../shared/api/get-session';
import { useHydrated } from '../../../shared/lib/use-hydrated';
import { useServerCart } from '../api/get-cart';
import { cartItemsAtom, cartPanelRequestedAtom, cartPriceAtom, type CartItem } from '../atoms/cart.atom';
import { signedInClient, type SignedInClient } from '../lib/signed-in-client';

/** The cart the screens show, from its one source: the server cart for a signed-in client, this browser's otherwise. */
export interface CartState {
  items: CartItem[];
  /** Per professional (same order as `items`) and the total: the server's prices for a client. */
  price: CartPrice;
  /** The signed-in client, whose cart is the server's; null for visitors (and other account types). */
  client: SignedInClient | null;
  /** The server cart (null until read, and for visitors). */
  server: CartView | null;
}

const EMPTY: CartPrice = { lines: [], totalCents: 0 };

function itemsOf(cart: CartView): CartItem[] {
  return cart.details.map((detail: CartView['details'][number]) => ({
    professional: detail.professional,
    days: detail.days,
    dates: detail.dates,
    quantity: detail.quantity,
    idDb: detail.id,
    jobRequest: detail.jobRequest,
  }));
}

const NO_ITEMS: CartItem[] = [];

/** The cart. While a page the server rendered is hydrated, an empty visitor's cart, as the server rendered it. */
export function useCart(): CartState {
  const hydrated = useHydrated();
  const session = useSession().data;
  const client = useMemo(() => (hydrated ? signedInClient(session) : null), [hydrated, session]);
  const local = useAtomValue(cartItemsAtom);
  const localPrice = useAtomValue(cartPriceAtom);
  const server = useServerCart(client !== null).data ?? null;
  return useMemo(() => {
    if (!hydrated) return { items: NO_ITEMS, price: EMPTY, client: null, server: null };
    if (!client) return { items: local, price: localPrice, client: null, server: null };
    if (!server) return { items: [], price: EMPTY, client, server: null };
    return {
      items: itemsOf(server),
      price: {
        // The answer is in pesos (the JSON API's unit); the screens format cents.
        lines: server.details.map((detail) => ({
          professionalId: detail.professionalId,
          quantity: detail.quantity,
          priceCents: pesosToCents(detail.price),
        })),
        totalCents: pesosToCents(server.total),
      },
      client,
      server,
    };
  }, [hydrated, client, local, localPrice, server]);
}

/** Number of professionals in the cart (the top bar's badge). */
export function useCartCount(): number {
  return useCart().items.length;
}

/** Whether the "Resumen Del Carrito" side panel is open: asked for, and never on an empty cart (it closes itself). */
export function useCartPanelOpen(): [boolean, (open: boolean) => void] {
  const [requested, setRequested] = useAtom(cartPanelRequestedAtom);
  const { items } = useCart();
  return [requested && items.length > 0, setRequested];
}
