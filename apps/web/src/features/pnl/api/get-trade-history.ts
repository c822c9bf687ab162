import { tradeHistory, type PnlSegment, type ResponseData } from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

export type TradeHistory = ResponseData<typeof tradeHistory>;

/** /Business/TradeHistory: one security's trades (investing.md 7; an error is kept, not shown). */
export function useTradeHistory(segment: PnlSegment, uniqueId: string, tradedPrice: string) {
  return useQuery({
    queryKey: ['pnlTradeHistory', segment, uniqueId] as const,
    queryFn: async ({ signal }) => (await callApi(tradeHistory, { segment, uniqueId, tradedPrice }, { signal })).data,
    retry: false,
    gcTime: 0,
  });
}
