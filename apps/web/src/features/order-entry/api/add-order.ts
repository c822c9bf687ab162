import { addOrder, type PlaceOrderPayloadInput } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** Each submission attempt carries its own key: a retried request with the same key makes no second order (ARCHITECTURE.md). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** /Trade/AddOrder (trading.md 7): the server's message and the new order id. */
export async function placeOrder(payload: PlaceOrderPayloadInput, idempotencyKey: string) {
  const { data } = await callApi(addOrder, payload, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
  return data;
}
