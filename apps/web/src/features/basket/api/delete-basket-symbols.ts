import { deleteBasketSymbols } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** /Basket/DeleteBasketSymbols: true means success (trading.md 7). */
export async function deleteBasketLines(ids: readonly string[]): Promise<boolean> {
  const { data } = await callApi(deleteBasketSymbols, { id: [...ids] });
  return data === true;
}
