import type { ProfessionalListItem } from '@oficios/domain';
import { App } from 'antd';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { addToCartAtom } from '../atoms/cart.atom';

export const DUPLICATE_TITLE = 'No se puede realizar esta accion!';
export const DUPLICATE_CONTENT = 'El profesional ya fue agregado a tu carrito';

/** "Reservar": adds the professional once; a second time shows the spec's modal. */
export function useAddToCart(): (professional: ProfessionalListItem) => boolean {
  const add = useSetAtom(addToCartAtom);
  const { modal, message } = App.useApp();
  return useCallback(
    (professional: ProfessionalListItem) => {
      const added = add(professional);
      if (added) {
        void message.success(`${professional.firstName} ${professional.lastName} fue agregado a tu carrito`);
      } else {
        modal.error({ title: DUPLICATE_TITLE, content: DUPLICATE_CONTENT, okText: 'Entendido' });
      }
      return added;
    },
    [add, modal, message],
  );
}
