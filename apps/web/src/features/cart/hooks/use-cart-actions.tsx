import { dateLabel, duplicateDayMessage, type IsoDate } from '@oficios/domain';
import { notification } from 'antd';
import { useSetAtom } from 'jotai';
import { useCallback, type ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/error-message';
import { useChangeCartDay } from '../api/change-cart-day';
import { useDeleteCartDetail } from '../api/delete-cart-detail';
import { addCartDateAtom, deleteCartItemAtom, removeCartDateAtom, type CartItem } from '../atoms/cart.atom';
import { addDate } from '../lib/cart-dates';
import { useCart } from './use-cart';

export const REFUSED_TITLE = 'No puedes realizar esta accion';
export const DAYS_REQUIRED_MESSAGE = 'Debes seleccionar los dias de tu profesional para seguir navegando';
export const UNAVAILABLE_DAY_MESSAGE = 'El profesional no trabaja ese dia';

const TOAST_SECONDS = 5;

export interface CartActions {
  addDate: (item: CartItem, date: IsoDate) => void;
  removeDate: (item: CartItem, date: IsoDate) => void;
  deleteItem: (item: CartItem) => void;
  /** The spec's 'No puedes realizar esta accion' toast with the given text. */
  refuse: (description: string) => void;
  /** Render once where the hook is used: the toasts live there. */
  contextHolder: ReactNode;
}

/**
 * Cart edits shared by the side panel, the cart page and the detail page; refused edits show the spec's toast. A
 * visitor's edits change this browser's cart; a signed-in client's are one request each to the server cart, whose
 * answer (the whole cart) is what the screens then show, and whose refusals (400 a date no longer bookable, 409)
 * show the server's message.
 */
export function useCartActions(): CartActions {
  const [toast, contextHolder] = notification.useNotification({ maxCount: 3 });
  const addCartDate = useSetAtom(addCartDateAtom);
  const removeCartDate = useSetAtom(removeCartDateAtom);
  const deleteCartItem = useSetAtom(deleteCartItemAtom);
  const { client } = useCart();
  const { mutate: changeServerItem } = useChangeCartDay();
  const { mutate: deleteServerDetail } = useDeleteCartDetail();

  // Top centre: on the right the toast would lie over the side panel's date pickers, the very controls it asks to use.
  const refuse = useCallback(
    (description: string) => toast.error({ title: REFUSED_TITLE, description, duration: TOAST_SECONDS, placement: 'top' }),
    [toast],
  );
  const onServerError = useCallback((error: unknown) => refuse(errorMessage(error)), [refuse]);

  const addDateTo = useCallback(
    (item: CartItem, date: IsoDate) => {
      // The same rule the server applies, checked first so a refusal needs no request.
      const result = client ? addDate(item, date) : addCartDate({ professionalId: item.professional.id, date });
      if (result.ok) {
        if (client && item.idDb !== undefined) changeServerItem({ detailId: item.idDb, type: 'add', date }, { onError: onServerError });
        return;
      }
      const name = `${item.professional.firstName} ${item.professional.lastName}`;
      refuse(result.reason === 'duplicate' ? duplicateDayMessage(dateLabel(date), name) : UNAVAILABLE_DAY_MESSAGE);
    },
    [addCartDate, changeServerItem, client, onServerError, refuse],
  );

  const removeDate = useCallback(
    (item: CartItem, date: IsoDate) => {
      if (client && item.idDb !== undefined) changeServerItem({ detailId: item.idDb, type: 'remove', date }, { onError: onServerError });
      else if (!client) removeCartDate({ professionalId: item.professional.id, date });
    },
    [changeServerItem, client, onServerError, removeCartDate],
  );

  const deleteItem = useCallback(
    (item: CartItem) => {
      if (client && item.idDb !== undefined) deleteServerDetail(item.idDb, { onError: onServerError });
      else if (!client) deleteCartItem(item.professional.id);
    },
    [client, deleteCartItem, deleteServerDetail, onServerError],
  );

  return { addDate: addDateTo, removeDate, deleteItem, refuse, contextHolder };
}
