import { tradeHistory, type PnlSegment, type ResponseData } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

export type TradeHistory = ResponseData<typeof tradeHistory>;

export type TradeHistoryState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'data'; data: TradeHistory };

/** /Business/TradeHistory: one security's trades (investing.md 7; an error is kept, not shown). */
export function useTradeHistory(segment: PnlSegment, uniqueId: string, tradedPrice: string): TradeHistoryState {
  const query = useQuery({
    queryKey: ['tradeHistory', segment, uniqueId],
    queryFn: async ({ signal }) => (await callApi(tradeHistory, { segment, uniqueId, tradedPrice }, { signal })).data,
  });
  if (query.isError) return { status: 'error', message: query.error.message };
  return query.data ? { status: 'data', data: query.data } : { status: 'loading' };
}
