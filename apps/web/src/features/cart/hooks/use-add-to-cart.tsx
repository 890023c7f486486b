import { CloseCircleFilled } from '@ant-design/icons';
import type { ProfessionalListItem } from '@oficios/domain';
import { Button, message, Modal } from 'antd';
import { useSetAtom } from 'jotai';
import { useCallback, useState, type ReactNode } from 'react';
import { addToCartAtom, cartPanelOpenAtom } from '../atoms/cart.atom';

export const DUPLICATE_TITLE = 'No se puede realizar esta accion!';
export const DUPLICATE_CONTENT = 'El profesional ya fue agregado a tu carrito';

/**
 * "Reservar": adds the professional once and opens the cart side panel; a second time shows the spec's modal.
 * Render `contextHolder` once where the hook is used (the modal and toast live there).
 */
export function useAddToCart(): { addToCart: (professional: ProfessionalListItem) => boolean; contextHolder: ReactNode } {
  const add = useSetAtom(addToCartAtom);
  const openPanel = useSetAtom(cartPanelOpenAtom);
  const [toast, toastHolder] = message.useMessage();
  const [refused, setRefused] = useState(false);

  const addToCart = useCallback(
    (professional: ProfessionalListItem) => {
      const added = add(professional);
      if (added) {
        void toast.success(`${professional.firstName} ${professional.lastName} fue agregado a tu carrito`);
        openPanel(true);
      } else setRefused(true);
      return added;
    },
    [add, openPanel, toast],
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
  return { addToCart, contextHolder };
}
