import { topGainers, topLosers, type moverPeriods, type Quote } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

export type MoversKind = 'gainers' | 'losers';

export interface MoversChoice {
  exc: 'NSE' | 'BSE';
  /** An index of the exchange, or '' for all its stocks. */
  index: string;
  period: (typeof moverPeriods)[number];
}

/** The lists start on NIFTY 50 of NSE today (investing.md 9 "Gainers/losers": index NIFTY 50, NSE, period FTD). */
export const DEFAULT_MOVERS: MoversChoice = { exc: 'NSE', index: 'NIFTY 50', period: 'today' };

/** Rows in the dashboard's compact list and in the expanded one (investing.md 9: record count 5 and 30). */
export const COMPACT_ROWS = 5;
export const EXPANDED_ROWS = 30;

/** Who is on the list changes slowly; the figures of those on it follow the stream between reads. */
export const MOVERS_REFRESH_MS = 30_000;

/** /Market/TopGainers or /Market/TopLosers. */
export function useTopMovers(kind: MoversKind, choice: MoversChoice, rows: number) {
  const data = {
    exc: choice.exc,
    period: choice.period,
    recordcount: rows,
    ...(choice.index && { index: choice.index }),
  };
  return useQuery({
    queryKey: ['topMovers', kind, data],
    queryFn: async ({ signal }): Promise<Quote[]> =>
      kind === 'gainers'
        ? (await callApi(topGainers, data, { signal })).data.gainers
        : (await callApi(topLosers, data, { signal })).data.losers,
    refetchInterval: MOVERS_REFRESH_MS,
    retry: false,
  });
}
