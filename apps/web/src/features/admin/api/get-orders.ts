import type { OrderStatus, OrderView, OrdersPage } from '@oficios/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsClient } from '../../../shared/api/api-client';

/** An order as the admin table shows it (the API's contract, from the domain library). */
export type AdminOrder = OrderView;
export type { OrdersPage };

/** "Todas" or one status. */
export type OrdersFilter = 'Todas' | OrderStatus;

export interface OrdersQuery {
  status: OrdersFilter;
  page: number;
  pageSize: number;
}

export const ORDERS_PAGE_SIZE = 10;

/** GET /api/orders?status&page&pageSize (administrador: every client's orders, newest first). */
export function getOrders(query: OrdersQuery, signal?: AbortSignal): Promise<OrdersPage> {
  return paymentsClient.get<OrdersPage>('/api/orders', { params: { ...query }, signal });
}

export const ORDERS_QUERY_KEY = ['admin', 'orders'] as const;

export const ordersQueryOptions = (query: OrdersQuery) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, query] as const,
    queryFn: ({ signal }) => getOrders(query, signal),
  });

export function useOrders(query: OrdersQuery) {
  return useQuery({ ...ordersQueryOptions(query), placeholderData: keepPreviousData });
}
