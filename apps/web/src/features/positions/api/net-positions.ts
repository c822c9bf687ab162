import { netPositions, type PositionRow } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { requestFilters, type PositionFilters, type PositionTab } from '../positions-view.ts';

export const netPositionsKey = (tab: PositionTab, filters: PositionFilters) => ['netPositions', tab, filters] as const;

/** /Account/NetPositions for one tab and its filters (trading.md 7). */
export async function fetchNetPositions(tab: PositionTab, filters: PositionFilters, signal?: AbortSignal): Promise<PositionRow[]> {
  const { data } = await callApi(netPositions, { tab, filters: requestFilters(tab, filters) }, signal ? { signal } : {});
  return data.positions;
}

export function useNetPositions(tab: PositionTab | null, filters: PositionFilters) {
  return useQuery({
    queryKey: netPositionsKey(tab ?? 'equity', filters),
    queryFn: ({ signal }) => fetchNetPositions(tab ?? 'equity', filters, signal),
    enabled: tab !== null,
    // A late answer for another tab is a different key: it never replaces the tab on screen.
    retry: false,
  });
}
