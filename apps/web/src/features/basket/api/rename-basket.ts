import { renameBasket } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** /Basket/RenameBasket: answers the server's message. */
export async function renameBasketCall(id: string, name: string): Promise<string> {
  const { data } = await callApi(renameBasket, { id, name });
  return data.message;
}
