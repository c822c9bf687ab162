import { cancelOrder, isSpread, type OrderRow } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** /Trade/CancelOrder: sym, orderId, isOffline and, for spreads, nestRequestId (trading.md 7). */
export async function requestCancelOrder(order: OrderRow) {
  const spread = order.prdType === 'SP' || isSpread(order.sym.instr);
  const { data } = await callApi(cancelOrder, {
    sym: order.sym,
    orderId: order.orderId,
    isOffline: order.ordStatus === 'OFFLINE',
    ...(spread && order.nestRequestId ? { nestRequestId: order.nestRequestId } : {}),
  });
  return data.msg;
}
