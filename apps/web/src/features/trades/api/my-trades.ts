import { myTrades, type ResponseData, type TradeSegment } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

export type TradeRow = ResponseData<typeof myTrades>['trades'][number];

export const myTradesKey = (tab: TradeSegment) => ['trades', tab] as const;

/** /Trade/MyTrades for one segment tab: today's trades (trading.md 3 "Trades report columns", 7). */
export async function fetchMyTrades(tab: TradeSegment, signal?: AbortSignal) {
  const { data } = await callApi(myTrades, { tab, filters: [] }, signal ? { signal } : {});
  return data.trades;
}

/** One cache entry per tab: a late answer for another tab is never shown under this one. */
export function useMyTrades(tab: TradeSegment | null) {
  return useQuery({
    queryKey: tab ? myTradesKey(tab) : ['trades', 'none'],
    queryFn: ({ signal }) => fetchMyTrades(tab as TradeSegment, signal),
    enabled: tab !== null,
    refetchInterval: 15_000,
  });
}
