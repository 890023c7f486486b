import { cartMergeNotice } from '@oficios/domain';
import { notification } from 'antd';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { useSession } from '../../../shared/api/get-session';
import { useMergeCart } from '../api/merge-cart';
import { cartItemsAtom } from '../atoms/cart.atom';
import { signedInClient } from '../lib/signed-in-client';

export const MERGE_NOTICE_TITLE = 'Actualizamos tu carrito';

/**
 * Once a client is signed in, the cart built in this browser joins their server cart (one `POST /api/cart/merge`)
 * and the browser's copy is dropped: from then on the server cart is the cart, in every browser. What the merge
 * left out (a date no longer bookable...) is told in a notice. Mounted by `BrowserCartMerge` (its code, antd's
 * notification included, loads only once a signed-in client has a browser cart).
 */
export function CartMerger() {
  const clientId = signedInClient(useSession().data)?.id ?? null;
  const local = useAtomValue(cartItemsAtom);
  const store = useStore();
  const { mutate: merge } = useMergeCart();
  const [toast, contextHolder] = notification.useNotification();
  const mergingFor = useRef<number | null>(null);

  useEffect(() => {
    if (clientId === null || local.length === 0 || mergingFor.current === clientId) return;
    mergingFor.current = clientId;
    merge(
      { lines: local.map((item) => ({ professionalId: item.professional.id, days: [], dates: item.dates })) },
      {
        onSuccess: ({ dropped }) => {
          store.set(cartItemsAtom, []);
          const notice = cartMergeNotice(dropped);
          if (notice) toast.warning({ title: MERGE_NOTICE_TITLE, description: notice, duration: 10, placement: 'top' });
        },
        // A failed merge keeps the browser's cart; the next sign-in (or reload) tries again.
        onSettled: () => {
          mergingFor.current = null;
        },
      },
    );
  }, [clientId, local, merge, store, toast]);

  return contextHolder;
}
