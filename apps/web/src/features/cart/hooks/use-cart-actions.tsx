import { addDayToItem, duplicateDayMessage } from '@oficios/domain';
import { notification } from 'antd';
import { useSetAtom } from 'jotai';
import { useCallback, type ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/error-message';
import { useChangeCartDay } from '../api/change-cart-day';
import { useDeleteCartDetail } from '../api/delete-cart-detail';
import { addCartDayAtom, deleteCartItemAtom, removeCartDayAtom, type CartItem } from '../atoms/cart.atom';
import { useCart } from './use-cart';

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

/**
 * Cart edits shared by the side panel and the cart page; refused edits show the spec's toast. A visitor's edits
 * change this browser's cart; a signed-in client's are one request each to the server cart, whose answer (the
 * whole cart) is what the screens then show.
 */
export function useCartActions(): CartActions {
  const [toast, contextHolder] = notification.useNotification({ maxCount: 3 });
  const addCartDay = useSetAtom(addCartDayAtom);
  const removeCartDay = useSetAtom(removeCartDayAtom);
  const deleteCartItem = useSetAtom(deleteCartItemAtom);
  const { client } = useCart();
  const { mutate: changeServerDay } = useChangeCartDay();
  const { mutate: deleteServerDetail } = useDeleteCartDetail();

  // Top centre: on the right the toast would lie over the side panel's day pickers, the very controls it asks to use.
  const refuse = useCallback(
    (description: string) => toast.error({ title: REFUSED_TITLE, description, duration: TOAST_SECONDS, placement: 'top' }),
    [toast],
  );
  const onServerError = useCallback((error: unknown) => refuse(errorMessage(error)), [refuse]);

  const addDay = useCallback(
    (item: CartItem, day: string) => {
      // The same rule the server applies, checked first so a refusal needs no request.
      const result = client
        ? addDayToItem(item.days, day, item.professional.availableDays)
        : addCartDay({ professionalId: item.professional.id, day });
      if (result.ok) {
        if (client && item.idDb !== undefined)
          changeServerDay({ detailId: item.idDb, type: 'add', day: day.toLowerCase() }, { onError: onServerError });
        return;
      }
      const name = `${item.professional.firstName} ${item.professional.lastName}`;
      refuse(result.reason === 'duplicate' ? duplicateDayMessage(day.toLowerCase(), name) : UNAVAILABLE_DAY_MESSAGE);
    },
    [addCartDay, changeServerDay, client, onServerError, refuse],
  );

  const removeDay = useCallback(
    (item: CartItem, day: string) => {
      if (client && item.idDb !== undefined) changeServerDay({ detailId: item.idDb, type: 'remove', day }, { onError: onServerError });
      else if (!client) removeCartDay({ professionalId: item.professional.id, day });
    },
    [changeServerDay, client, onServerError, removeCartDay],
  );

  const deleteItem = useCallback(
    (item: CartItem) => {
      if (client && item.idDb !== undefined) deleteServerDetail(item.idDb, { onError: onServerError });
      else if (!client) deleteCartItem(item.professional.id);
    },
    [client, deleteCartItem, deleteServerDetail, onServerError],
  );

  return { addDay, removeDay, deleteItem, refuse, contextHolder };
}
