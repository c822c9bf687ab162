import { tradeHistory, type PnlSegment, type ResponseData } from '@kite/domain';
import { useEffect, useState } from 'react';
import { callApi } from '../../../lib/api/client.ts';

export type TradeHistory = ResponseData<typeof tradeHistory>;

export type TradeHistoryState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'data'; data: TradeHistory };

/**
 * /Business/TradeHistory: one security's trades (investing.md 7; an error is kept, not shown). A plain effect, not a
 * query: the popup lives in the one dialog host, outside the app's query client (app/App.tsx).
 */
export function useTradeHistory(segment: PnlSegment, uniqueId: string, tradedPrice: string): TradeHistoryState {
  const [state, setState] = useState<TradeHistoryState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    callApi(tradeHistory, { segment, uniqueId, tradedPrice }, { signal: controller.signal }).then(
      ({ data }) => setState({ status: 'data', data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [segment, uniqueId, tradedPrice]);
  return state;
}
