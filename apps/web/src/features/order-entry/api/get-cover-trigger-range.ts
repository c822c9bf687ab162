import { ltpCoverTriggerPriceRange, type SymbolObject } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

/** /Trade/GetLtpCoverTriggerPriceRange (trading.md 7): the range as 'min-max' text. */
export async function fetchCoverTriggerRange(sym: SymbolObject, ordAction: 'buy' | 'sell'): Promise<string> {
  const { data } = await callApi(ltpCoverTriggerPriceRange, { sym, ordAction });
  return data.trgPriceRange;
}
