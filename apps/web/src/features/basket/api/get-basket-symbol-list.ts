import { getBasketSymbolList, type BasketLine } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** /Basket/GetBasketSymbolList: the lines of a basket. */
export async function fetchBasketLines(id: string): Promise<BasketLine[]> {
  const { data } = await callApi(getBasketSymbolList, { id });
  return data.data;
}
