import { holdingsSummaryBySymbol, type ResponseData, type SymbolObject } from '@kite/domain';
import { callApi } from '../../../lib/api/client.ts';

export type SymbolHoldingSummary = ResponseData<typeof holdingsSummaryBySymbol>['holding'];

/** /Account/HoldingsSummaryBySymbol (trading.md 4.1): called when the HOLDING tab opens. */
export async function fetchHoldingSummary(sym: SymbolObject, signal?: AbortSignal): Promise<SymbolHoldingSummary> {
  const { data } = await callApi(holdingsSummaryBySymbol, { sym }, signal ? { signal } : {});
  return data.holding;
}
