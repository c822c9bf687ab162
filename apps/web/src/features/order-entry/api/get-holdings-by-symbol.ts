import { holdingsBySymbol, type ResponseData, type SymbolObject } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

export type SymbolHoldings = ResponseData<typeof holdingsBySymbol>;

/** /Account/HoldingsBySymbol (trading.md 4.1): fetched when the order dialog opens. */
export async function fetchHoldingsBySymbol(sym: SymbolObject, signal?: AbortSignal): Promise<SymbolHoldings> {
  const { data } = await callApi(holdingsBySymbol, { sym }, signal ? { signal } : {});
  return data;
}
