import { priceChart, type Candle, type SymbolObject } from '@kite/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client.ts';

export type ChartInterval = '1' | '3' | '5' | '10' | '15' | '30' | '60' | 'D' | 'W' | 'M';

export interface PriceChartParams {
  sym: SymbolObject;
  /** IST "yyyy-mm-dd HH:MM:ss" (investing.md 7). */
  fromDate: string;
  toDate: string;
  interval: ChartInterval;
}

/** /Chart/PriceChart; any failure is empty data (investing.md 7: a code other than '0' is treated as empty). */
export async function fetchPriceChart(params: PriceChartParams, signal?: AbortSignal): Promise<Candle[]> {
  try {
    const { data } = await callApi(priceChart, { ...params, extended: '0' }, signal ? { signal } : {});
    return data.chart;
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}

/** The query of one symbol's candles (disabled without params); the charts screen runs several side by side. */
export function priceChartQuery(params: PriceChartParams | null) {
  return queryOptions({
    queryKey: ['price-chart', params?.sym.exc, params?.sym.id, params?.interval, params?.fromDate, params?.toDate] as const,
    queryFn: ({ signal }) => fetchPriceChart(params as PriceChartParams, signal),
    enabled: params !== null,
    staleTime: 60_000,
  });
}

export function usePriceChart(params: PriceChartParams | null) {
  return useQuery(priceChartQuery(params));
}
