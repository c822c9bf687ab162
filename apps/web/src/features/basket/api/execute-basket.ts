import { executeBasket } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** /Basket/ExecuteBasket: places every line; answers the server's message. */
export async function executeBasketCall(id: string): Promise<string> {
  const { data } = await callApi(executeBasket, { id });
  return data.message;
}
