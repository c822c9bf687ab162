import { orderLog, type OrderRow } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

export type OrderLogRow = ReturnType<typeof orderLog.response.parse>['orderLog'][number];

export type OrderLogOutcome = { kind: 'rows'; rows: OrderLogRow[] } | { kind: 'unreadable' } | { kind: 'error'; message: string };

/**
 * /Order/OrderLog for one order (trading.md 2.4, 8): the answer is checked against the contract, so a malformed one
 * is 'Unable to load' rather than a broken table; a refused call carries the server's message.
 */
export async function fetchOrderLog(order: Pick<OrderRow, 'orderId' | 'sym'>): Promise<OrderLogOutcome> {
  let data: unknown;
  try {
    ({ data } = await callApi(orderLog, { orderId: order.orderId, sym: order.sym }));
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  const parsed = orderLog.response.safeParse(data);
  return parsed.success ? { kind: 'rows', rows: parsed.data.orderLog } : { kind: 'unreadable' };
}
