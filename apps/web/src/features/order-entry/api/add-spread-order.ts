import { addSpreadOrder, type RequestData } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';
import { IDEMPOTENCY_HEADER } from './add-order.ts';

/** /Trade/AddSpreadOrder (trading.md 7): place, or modify with orderId, a spread of two opposite legs. */
export async function placeSpreadOrder(payload: RequestData<typeof addSpreadOrder>, idempotencyKey: string) {
  const { data } = await callApi(addSpreadOrder, payload, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
  return data;
}
