import { deleteBasket } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** /Basket/DeleteBasket: answers the server's message. */
export async function deleteBasketCall(id: string): Promise<string> {
  const { data } = await callApi(deleteBasket, { id });
  return data.message;
}
