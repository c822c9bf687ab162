import { getBasketList, type Basket } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** /Basket/GetBasketList: status 'N' lists every basket, 'Y' those executed today (trading.md 4.7). */
export async function fetchBasketList(status: 'N' | 'Y'): Promise<Basket[]> {
  const { data } = await callApi(getBasketList, { status });
  return data.data;
}
