import { myOrders, type OrderStatusFilter, type TradeSegment } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

export interface OrderBookQuery {
  tab: TradeSegment;
  exc: string;
  status: OrderStatusFilter;
}

/** Every order-book query key starts with this, so an order update refreshes them all at once. */
export const ORDERS_KEY = 'orders';

/**
 * A safety net beside the pushed order updates: order lists refresh every 15 s while the page is visible
 * (react-query pauses the interval in a hidden tab).
 */
export const ORDER_LIST_REFRESH_MS = 15_000;

export const myOrdersKey = (query: OrderBookQuery) => [ORDERS_KEY, 'book', query.tab, query.exc, query.status] as const;

/** /Trade/MyOrders: filters ordStatus and exc, tab in lower case (trading.md 7 "Order book"). */
export async function fetchMyOrders(query: OrderBookQuery, signal?: AbortSignal) {
  const filters = [
    { key: 'ordStatus', value: query.status },
    { key: 'exc', value: query.exc },
  ];
  const { data } = await callApi(myOrders, { tab: query.tab, filters }, signal ? { signal } : {});
  return data.orders;
}

/**
 * One cache entry per tab, exchange and filter: an answer that arrives after the client moved on lands in its own
 * entry and is never shown under another tab (trading.md 4.3).
 */
export function useMyOrders(query: OrderBookQuery | null) {
  return useQuery({
    queryKey: query ? myOrdersKey(query) : [ORDERS_KEY, 'book', 'none'],
    queryFn: ({ signal }) => fetchMyOrders(query as OrderBookQuery, signal),
    enabled: query !== null,
    refetchInterval: ORDER_LIST_REFRESH_MS,
  });
}
