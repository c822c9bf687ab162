import { holdingsBySymbol, type NonPoaHolding, type SymbolObject } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** The non-POA quantities of a scrip (trading.md 3 "Holdings for transfer": holdings.cash). */
export async function fetchNonPoaHolding(sym: SymbolObject): Promise<NonPoaHolding> {
  const { data } = await callApi(holdingsBySymbol, { sym });
  return { confNonPoaQty: data.holdings.cash.confNonPoaQty, nonPoaQty: data.holdings.cash.nonPoaQty };
}
