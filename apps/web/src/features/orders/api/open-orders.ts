import { openOrders } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { ORDER_LIST_REFRESH_MS, ORDERS_KEY } from './my-orders.ts';

export const openOrdersKey = [ORDERS_KEY, 'open'] as const;

/** /Trade/OpenOrders: the client's outstanding orders (the dashboard's pending-orders widget). */
export async function fetchOpenOrders(signal?: AbortSignal) {
  const { data } = await callApi(openOrders, {}, signal ? { signal } : {});
  return data.orders;
}

export function useOpenOrders() {
  return useQuery({ queryKey: openOrdersKey, queryFn: ({ signal }) => fetchOpenOrders(signal), refetchInterval: ORDER_LIST_REFRESH_MS });
}
