import { addBasket } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** /Basket/AddBasket: answers the new basket's id. */
export async function createBasket(name: string): Promise<string> {
  const { data } = await callApi(addBasket, { name });
  return data.id;
}
