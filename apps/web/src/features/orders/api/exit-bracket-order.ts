import { exitBracketOrder, type OrderRow } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/**
 * /Trade/ExitBracketOrder: orderId, syomOrderId, boStatus (trading.md 7). The spec does not say what syomOrderId holds;
 * the parent order's id is sent in both (chosen; the server reads orderId).
 */
export async function requestExitBracketOrder(order: OrderRow) {
  const { data } = await callApi(exitBracketOrder, { orderId: order.orderId, syomOrderId: order.orderId, boStatus: order.boStatus });
  return data.msg;
}
