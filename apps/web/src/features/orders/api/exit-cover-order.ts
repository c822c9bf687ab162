import { exitCoverOrder, type OrderRow } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** /Trade/ExitCoverOrder: the executed part squared off at market, the rest cancelled (trading.md 7, 8). */
export async function requestExitCoverOrder(order: OrderRow) {
  const { data } = await callApi(exitCoverOrder, { orderId: order.orderId });
  return data.msg;
}
