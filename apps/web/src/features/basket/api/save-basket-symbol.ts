import { addBasketSymbol, modifyBasketSymbol, type BasketItemPayloadInput } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** /Basket/AddBasketSymbol, or /Basket/ModifyBasketSymbol when the line's uniqueId is given. Answers the message. */
export async function saveBasketLine(item: BasketItemPayloadInput, uniqueId?: string): Promise<string> {
  if (uniqueId === undefined) return (await callApi(addBasketSymbol, item)).data.message;
  return (await callApi(modifyBasketSymbol, { ...item, uniqueId })).data.message;
}
