import type { Day, OrderStatus } from '../constants';

/** One professional booked in an order, as the API answers it. */
export interface OrderDetailView {
  id: number;
  orderId: number;
  clientId: number;
  professionalId: number;
  days: Day[];
  reservationAmount: number;
  createdAt: string;
  status: OrderStatus;
  professional: { id: number; firstName: string; lastName: string; profileImg: string | null };
}

/** An order as `GET /api/orders` and `PATCH /api/orders/{id}` answer it. */
export interface OrderView {
  id: number;
  /** The creation date (the spec's `date`); also as `createdAt`. */
  date: string;
  createdAt: string;
  clientId: number;
  amount: number;
  status: OrderStatus;
  orderDetails: OrderDetailView[];
}

/** `GET /api/orders?page=…`: one page of orders. */
export interface OrdersPage {
  items: OrderView[];
  total: number;
  page: number;
  pageSize: number;
}

/** One professional of a client's server cart (`POST /api/cart` answers it as `newCartDetail`). */
export interface CartDetailView {
  id: number;
  cartId: number;
  professionalId: number;
  days: Day[];
  quantity: number;
  /** days × the professional's current day price, computed by the server. */
  price: number;
}

/** `GET /api/cart`: the signed-in client's cart with prices and total. */
export interface CartView {
  id: number;
  details: CartDetailView[];
  total: number;
}
