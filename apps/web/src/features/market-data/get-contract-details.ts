import { getContractDetails, type SymbolObject } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client.ts';

/** The lot margins follow the last price: asked again this often while the page is open. */
const REFRESH_MS = 30_000;

/** /Market/GetContractDetails: a contract's reference data and what one lot of it blocks (investing.md 7). */
export function useContractDetails(sym: SymbolObject) {
  return useQuery({
    queryKey: ['contract-details', sym.exc, sym.id] as const,
    queryFn: async ({ signal }) => (await callApi(getContractDetails, { sym }, { signal })).data.contract,
    refetchInterval: REFRESH_MS,
  });
}
