import { duplicateDayMessage } from '@oficios/domain';
import { notification } from 'antd';
import { useSetAtom } from 'jotai';
import { useCallback, type ReactNode } from 'react';
import { useSession } from '../../../shared/api/get-session';
import { useDeleteCartDetail } from '../api/delete-cart-detail';
import { signedInClient } from '../lib/signed-in-client';
import { addCartDayAtom, deleteCartItemAtom, removeCartDayAtom, type CartItem } from '../atoms/cart.atom';

export const REFUSED_TITLE = 'No puedes realizar esta accion';
export const DAYS_REQUIRED_MESSAGE = 'Debes seleccionar los dias de tu profesional para seguir navegando';
export const UNAVAILABLE_DAY_MESSAGE = 'El profesional no trabaja ese dia';

const TOAST_SECONDS = 5;

export interface CartActions {
  addDay: (item: CartItem, day: string) => void;
  removeDay: (item: CartItem, day: string) => void;
  deleteItem: (item: CartItem) => void;
  /** The spec's 'No puedes realizar esta accion' toast with the given text. */
  refuse: (description: string) => void;
  /** Render once where the hook is used: the toasts live there. */
  contextHolder: ReactNode;
}

/** Cart edits shared by the side panel and the cart page; refused edits show the spec's toast. */
export function useCartActions(): CartActions {
  const [toast, contextHolder] = notification.useNotification({ maxCount: 3 });
  const addCartDay = useSetAtom(addCartDayAtom);
  const removeCartDay = useSetAtom(removeCartDayAtom);
  const deleteCartItem = useSetAtom(deleteCartItemAtom);
  const isClient = signedInClient(useSession().data) !== null;
  const { mutate: deleteServerDetail } = useDeleteCartDetail();

  // Top centre: on the right the toast would lie over the side panel's day pickers, the very controls it asks to use.
  const refuse = useCallback(
    (description: string) => toast.error({ title: REFUSED_TITLE, description, duration: TOAST_SECONDS, placement: 'top' }),
    [toast],
  );

  const addDay = useCallback(
    (item: CartItem, day: string) => {
      const result = addCartDay({ professionalId: item.professional.id, day });
      if (result.ok) return;
      const name = `${item.professional.firstName} ${item.professional.lastName}`;
      refuse(result.reason === 'duplicate' ? duplicateDayMessage(day.toLowerCase(), name) : UNAVAILABLE_DAY_MESSAGE);
    },
    [addCartDay, refuse],
  );

  const removeDay = useCallback(
    (item: CartItem, day: string) => removeCartDay({ professionalId: item.professional.id, day }),
    [removeCartDay],
  );
  // A saved professional is deleted on the server too. No toast if that fails: the next
  // save of the cart deletes server details the local cart no longer has.
  const deleteItem = useCallback(
    (item: CartItem) => {
      deleteCartItem(item.professional.id);
      if (isClient && item.idDb !== undefined) deleteServerDetail(item.idDb);
    },
    [deleteCartItem, deleteServerDetail, isClient],
  );

  return { addDay, removeDay, deleteItem, refuse, contextHolder };
}
