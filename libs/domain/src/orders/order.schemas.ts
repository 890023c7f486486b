import { z } from 'zod';
import { MAX_PAGE_SIZE, ORDER_STATUSES } from '../constants';
import { BODY_EXPECTED, bodyObject, idSchema } from '../validation/schemas';
import { jobPlaceInputSchema } from '../geo/job-place';

const STATUS_MESSAGE = `status debe ser uno de: ${ORDER_STATUSES.join(', ')}`;

/**
 * `POST /api/orders`: the cart to check out. Other fields are kept, unread: an idempotent replay must send the same
 * body, not merely the same cart.
 */
export const createOrderSchema = z.looseObject(
  {
    cartId: idSchema('cartId'),
    /** Where the job is, when not the cart's place (which defaults to the client's address). */
    place: jobPlaceInputSchema.optional(),
  },
  { error: BODY_EXPECTED },
);
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

/** MercadoPago writes `null` in the back URL when no payment was made: the same as no payment. */
const backUrlText = (pattern: RegExp, message: string) =>
  z
    .union([z.string(), z.number(), z.null()], { error: message })
    .transform((value) => (value === null || value === '' || value === 'null' ? undefined : String(value)))
    .pipe(z.string().regex(pattern, message).optional())
    .optional();

/**
 * `POST /api/mercado/return`: the back URL's parameters (MercadoPago's `payment_id` or `collection_id`, its
 * `external_reference`, and our `orden`), to be checked against the provider and applied at once. The URL's own
 * `status` is not asked for: the server reads it from MercadoPago. Either a payment or an order is needed.
 */
export const paymentReturnSchema = z
  .looseObject(
    {
      paymentId: backUrlText(/^\d{1,30}$/, PAYMENT_ID_MESSAGE),
      orderId: backUrlText(/^[1-9]\d{0,9}$/, 'orderId debe ser el número de la orden').transform((value) =>
        value === undefined ? undefined : Number(value),
      ),
      externalReference: backUrlText(/^[1-9]\d{0,9}$/, 'externalReference debe ser el número de la orden').transform((value) =>
        value === undefined ? undefined : Number(value),
      ),
    },
    { error: BODY_EXPECTED },
  )
  .refine((body) => body.paymentId !== undefined || body.orderId !== undefined || body.externalReference !== undefined, {
    path: ['paymentId'],
    message: 'Falta el pago (paymentId) o la orden (orderId) de la vuelta de MercadoPago',
  });
export type PaymentReturn = z.output<typeof paymentReturnSchema>;
