import { modifyOrder, type RequestData } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** /Trade/ModifyOrder (trading.md 7): as the place-order payload with orderId. */
export async function changeOrder(payload: RequestData<typeof modifyOrder>) {
  const { data } = await callApi(modifyOrder, payload);
  return data;
}
