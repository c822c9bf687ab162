import { holdingsSummary } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

export type HoldingsFilter = 'H' | 'N' | 'Z' | 'A';

/** /Account/HoldingsSummary: the client's demat holdings for a filter (H holdings, N negative, Z zero, A all). */
export function useHoldingsSummary(filter: HoldingsFilter) {
  return useQuery({
    queryKey: ['holdingsSummary', filter],
    queryFn: async ({ signal }) => (await callApi(holdingsSummary, { filter }, { signal })).data,
    retry: false,
  });
}
