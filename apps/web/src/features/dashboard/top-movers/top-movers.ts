import { topGainers, topLosers, type Quote } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

export type MoversKind = 'gainers' | 'losers';

/** The widget's list: the day's movers of NSE. Chosen for the compact dashboard view (the spec's defaults are not shown). */
export const DASHBOARD_MOVERS = { exc: 'NSE', period: 'today', recordcount: 10 } as const;

/** Who is on the list changes slowly; the figures of those on it follow the stream between reads. */
export const MOVERS_REFRESH_MS = 30_000;

/** /Market/TopGainers or /Market/TopLosers for the dashboard. */
export function useTopMovers(kind: MoversKind) {
  return useQuery({
    queryKey: ['topMovers', kind],
    queryFn: async ({ signal }): Promise<Quote[]> =>
      kind === 'gainers'
        ? (await callApi(topGainers, DASHBOARD_MOVERS, { signal })).data.gainers
        : (await callApi(topLosers, DASHBOARD_MOVERS, { signal })).data.losers,
    refetchInterval: MOVERS_REFRESH_MS,
    retry: false,
  });
}
