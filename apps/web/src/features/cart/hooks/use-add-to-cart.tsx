import { CloseCircleFilled } from '@ant-design/icons';
import type { ProfessionalListItem } from '@oficios/domain';
import { Button, message, Modal } from 'antd';
import { useSetAtom } from 'jotai';
import { useCallback, useState, type ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/error-message';
import { useMergeCart } from '../api/merge-cart';
import { addToCartAtom, cartPanelRequestedAtom } from '../atoms/cart.atom';
import { useCart } from './use-cart';
import { useStableCallback } from '../../../shared/lib/use-stable-callback';

export const DUPLICATE_TITLE = 'No se puede realizar esta accion!';
export const DUPLICATE_CONTENT = 'El profesional ya fue agregado a tu carrito';

/**
 * "Reservar": adds the professional once (with no days yet) and opens the cart side panel; a second time shows the
 * spec's modal. A visitor's cart is this browser's; a signed-in client's is the server's (one request).
 * Render `contextHolder` once where the hook is used (the modal and toast live there).
 */
export function useAddToCart(): { addToCart: (professional: ProfessionalListItem) => boolean; contextHolder: ReactNode } {
  const add = useSetAtom(addToCartAtom);
  const openPanel = useSetAtom(cartPanelRequestedAtom);
  const { client, items } = useCart();
  const { mutate: mergeIntoServerCart } = useMergeCart();
  const [toast, toastHolder] = message.useMessage();
  const [refused, setRefused] = useState(false);

  const addToCart = useCallback(
    (professional: ProfessionalListItem) => {
      const added = () => {
        void toast.success(`${professional.firstName} ${professional.lastName} fue agregado a tu carrito`);
        openPanel(true);
      };
      if (client) {
        if (items.some((item) => item.professional.id === professional.id)) {
          setRefused(true);
          return false;
        }
        mergeIntoServerCart(
          { lines: [{ professionalId: professional.id, days: [] }] },
          { onSuccess: added, onError: (error) => void toast.error(errorMessage(error)) },
        );
        return true;
      }
      if (add(professional)) {
        added();
        return true;
      }
      setRefused(true);
      return false;
    },
    [add, client, items, mergeIntoServerCart, openPanel, toast],
  );

  const close = () => setRefused(false);
  // A plain Modal (not modal.error) so the title exists once in the page.
  const contextHolder = (
    <>
      {toastHolder}
      <Modal
        open={refused}
        onCancel={close}
        destroyOnHidden
        width={420}
        title={
          <span>
            <CloseCircleFilled style={{ color: '#ff4d4f', marginInlineEnd: 8 }} />
            {DUPLICATE_TITLE}
          </span>
        }
        footer={
          <Button type="primary" onClick={close} data-testid="duplicate-ok">
            Entendido
          </Button>
        }
        data-testid="duplicate-modal"
      >
        {DUPLICATE_CONTENT}
      </Modal>
    </>
  );
  // One identity for the page's life: the listing's memoized cards do not re-render when the session or the cart loads.
  return { addToCart: useStableCallback(addToCart), contextHolder };
}
