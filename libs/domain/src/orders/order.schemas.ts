import { z } from 'zod';
import { MAX_PAGE_SIZE, ORDER_STATUSES } from '../constants';
import { BODY_EXPECTED, bodyObject, idSchema } from '../validation/schemas';

const STATUS_MESSAGE = `status debe ser uno de: ${ORDER_STATUSES.join(', ')}`;

/**
 * `POST /api/orders`: the cart to check out. Other fields are kept, unread: an idempotent replay must send the same
 * body, not merely the same cart.
 */
export const createOrderSchema = z.looseObject({ cartId: idSchema('cartId') }, { error: BODY_EXPECTED });
export type CreateOrder = z.output<typeof createOrderSchema>;

/** `PATCH /api/orders/{id}` (administrators): the order's new status. */
export const orderStatusChangeSchema = bodyObject({ status: z.enum(ORDER_STATUSES, { error: STATUS_MESSAGE }) });

function pageNumber(field: string, max: number) {
  const message = `${field} debe ser un entero entre 1 y ${max}`;
  return z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().min(1, message).max(max, message));
}

/**
 * `GET /api/orders` query: `status` ('Todas' or '' for every status); with `page` or `pageSize` the answer is one
 * page (`paged`).
 */
export const ordersQuerySchema = z
  .object({
    status: z.union([z.enum(['', 'Todas']).transform(() => undefined), z.enum(ORDER_STATUSES)], { error: STATUS_MESSAGE }).optional(),
    page: pageNumber('page', 1_000_000_000).optional(),
    pageSize: pageNumber('pageSize', MAX_PAGE_SIZE).optional(),
  })
  .transform(({ status, page, pageSize }) => ({
    status,
    paged: page !== undefined || pageSize !== undefined,
    page: page ?? 1,
    pageSize: pageSize ?? 10,
  }));
export type OrdersQuery = z.output<typeof ordersQuerySchema>;

/**
 * `POST /api/mercado`: the order to pay (and the spec's clientId, who must be the caller). The spec's client also
 * sends `items`; they are kept (so an idempotent replay compares the whole body) but never priced.
 */
export const paymentRequestSchema = z.looseObject(
  { orderId: idSchema('orderId'), clientId: idSchema('clientId').optional() },
  { error: BODY_EXPECTED },
);
export type PaymentRequest = z.output<typeof paymentRequestSchema>;

const PAYMENT_ID_MESSAGE = 'paymentId debe ser el número de pago de MercadoPago';

/**
 * `POST /api/mercado/return`: the payment MercadoPago named on the way back to the store (`payment_id` of the back
 * URL), to be read from the provider and applied at once.
 */
export const paymentReturnSchema = bodyObject({
  paymentId: z
    .union([z.string(), z.number()], { error: PAYMENT_ID_MESSAGE })
    .transform(String)
    .pipe(z.string().regex(/^\d{1,30}$/, PAYMENT_ID_MESSAGE)),
});
export type PaymentReturn = z.output<typeof paymentReturnSchema>;
