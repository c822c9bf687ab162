import {
  statsAdvanceDecline,
  statsFnoAdvanceDecline,
  statsIntradayDeals,
  statsOiBuildup,
  statsScreener,
  statsSectors,
  statsSegmentOverview,
  statsUnusualActivity,
  topGainers,
  topLosers,
  statsCalendar,
  statsFiiDii,
  statsGapUpDown,
  statsHeatmap,
  statsIndices,
  statsMostActive,
  statsOpenInterest,
  statsPutCallRatio,
  statsYearHighLow,
  type EquityScreen,
  type OiBuildup,
  type OverviewSegment,
  type StatsRow,
} from '@kite/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

/** Statistics move with the market: a refresh every 15 s keeps them near the quotes without a stream. */
export const STATS_REFRESH_MS = 15_000;

export type StatsExchange = 'NSE' | 'BSE';
export type StatsList = 'volume' | 'value' | 'high' | 'low' | 'up' | 'down';
export const statsLists: readonly StatsList[] = ['volume', 'value', 'high', 'low', 'up', 'down'];

const LIST_ROWS = 20;

async function listOf(list: StatsList, exc: StatsExchange, signal: AbortSignal): Promise<StatsRow[]> {
  const options = { signal };
  switch (list) {
    case 'volume':
    case 'value':
      return (await callApi(statsMostActive, { exc, by: list, recordcount: LIST_ROWS }, options)).data.rows;
    case 'high':
    case 'low':
      return (await callApi(statsYearHighLow, { exc, side: list, recordcount: LIST_ROWS }, options)).data.rows;
    case 'up':
    case 'down':
      return (await callApi(statsGapUpDown, { exc, direction: list, recordcount: LIST_ROWS }, options)).data.rows;
  }
}

/** One ranked list of the overview: /MarketStats/MostActive, YearHighLow or GapUpDown. */
export function useStatsList(list: StatsList, exc: StatsExchange) {
  return useQuery({
    queryKey: ['marketStats', 'list', list, exc],
    queryFn: ({ signal }) => listOf(list, exc, signal),
    refetchInterval: STATS_REFRESH_MS,
    retry: false,
  });
}

/** /MarketStats/Indices: every index with its breadth. */
export function useStatsIndices() {
  return useQuery({
    queryKey: ['marketStats', 'indices'],
    queryFn: async ({ signal }) => (await callApi(statsIndices, {}, { signal })).data.indices,
    refetchInterval: STATS_REFRESH_MS,
    retry: false,
  });
}

/** /MarketStats/AdvanceDecline: each exchange's breadth. */
export function useAdvanceDecline() {
  return useQuery({
    queryKey: ['marketStats', 'advanceDecline'],
    queryFn: async ({ signal }) => (await callApi(statsAdvanceDecline, {}, { signal })).data.exchanges,
    refetchInterval: STATS_REFRESH_MS,
    retry: false,
  });
}

/** /MarketStats/Heatmap: an index's constituents by sector. */
export function useHeatmap(index: string) {
  return useQuery({
    queryKey: ['marketStats', 'heatmap', index],
    queryFn: async ({ signal }) => (await callApi(statsHeatmap, { index }, { signal })).data,
    refetchInterval: STATS_REFRESH_MS,
    retry: false,
  });
}

export type FnoKind = 'futures' | 'options';
export type OiRank = 'oi' | 'gainers' | 'losers';

/** /MarketStats/OpenInterest: futures or options by open interest or its change today. */
export function useOpenInterest(kind: FnoKind, rank: OiRank) {
  return useQuery({
    queryKey: ['marketStats', 'openInterest', kind, rank],
    queryFn: async ({ signal }) =>
      (await callApi(statsOpenInterest, { kind, rank, recordcount: LIST_ROWS }, { signal })).data.rows,
    refetchInterval: STATS_REFRESH_MS,
    retry: false,
  });
}

/** /MarketStats/PutCallRatio: each index's PCR over its nearest expiry. */
export function usePutCallRatios() {
  return useQuery({
    queryKey: ['marketStats', 'pcr'],
    queryFn: async ({ signal }) => (await callApi(statsPutCallRatio, {}, { signal })).data.indices,
    refetchInterval: STATS_REFRESH_MS,
    retry: false,
  });
}

/** /MarketStats/Calendar: the coming weeks' trading days, holidays and expiries; it changes once a day. */
export function useMarketCalendar(weeks: number) {
  return useQuery({
    queryKey: ['marketStats', 'calendar', weeks],
    queryFn: async ({ signal }) => (await callApi(statsCalendar, { weeks }, { signal })).data,
    retry: false,
  });
}

/** /MarketStats/FiiDiiActivity: the simulated FII/DII series, newest trading day first. */
export function useFiiDii(days: number) {
  return useQuery({
    queryKey: ['marketStats', 'fiiDii', days],
    queryFn: async ({ signal }) => (await callApi(statsFiiDii, { days }, { signal })).data.days,
    retry: false,
  });
}

export type MoversKind = 'gainers' | 'losers';

/** /Market/TopGainers or /Market/TopLosers of an exchange, or of one of its indices ('' for all its equities). */
export function useMovers(kind: MoversKind, exc: StatsExchange, index: string) {
  const data = { exc, recordcount: LIST_ROWS, ...(index && { index }) };
  return useQuery({
    queryKey: ['marketStats', 'movers', kind, exc, index],
    queryFn: async ({ signal }) =>
      kind === 'gainers'
        ? (await callApi(topGainers, data, { signal })).data.gainers
        : (await callApi(topLosers, data, { signal })).data.losers,
    refetchInterval: STATS_REFRESH_MS,
    retry: false,
  });
}

export type DealKind = 'block' | 'bulk';

/** /MarketStats/IntradayDeals: the latest trading day's simulated bulk or block deals. */
export function useIntradayDeals(exc: StatsExchange, kind: DealKind) {
  return useQuery({
    queryKey: ['marketStats', 'deals', exc, kind],
    queryFn: async ({ signal }) => (await callApi(statsIntradayDeals, { exc, kind }, { signal })).data,
    refetchInterval: STATS_REFRESH_MS,
    retry: false,
  });
}

/** /MarketStats/Screener: one equity screen of an exchange, or of one of its indices ('' for the ranked equities). */
export function useScreener(screen: EquityScreen, exc: StatsExchange, index: string) {
  const data = { exc, screen, recordcount: LIST_ROWS, ...(index && { index }) };
  return useQuery({
    queryKey: ['marketStats', 'screener', screen, exc, index],
    queryFn: async ({ signal }) => (await callApi(statsScreener, data, { signal })).data,
    refetchInterval: STATS_REFRESH_MS,
    retry: false,
  });
}

/** /MarketStats/FnoAdvanceDecline: F&O breadth per segment and per index underlying. */
export function useFnoAdvanceDecline() {
  return useQuery({
    queryKey: ['marketStats', 'fnoAdvanceDecline'],
    queryFn: async ({ signal }) => (await callApi(statsFnoAdvanceDecline, {}, { signal })).data,
    refetchInterval: STATS_REFRESH_MS,
    retry: false,
  });
}

/** /MarketStats/OiBuildup: futures or options of one open-interest build-up. */
export function useOiBuildup(kind: FnoKind, buildup: OiBuildup) {
  return useQuery({
    queryKey: ['marketStats', 'oiBuildup', kind, buildup],
    queryFn: async ({ signal }) =>
      (await callApi(statsOiBuildup, { kind, buildup, recordcount: LIST_ROWS }, { signal })).data.rows,
    refetchInterval: STATS_REFRESH_MS,
    retry: false,
  });
}

/** /MarketStats/UnusualActivity: futures or options whose activity stands out today. */
export function useUnusualActivity(kind: FnoKind) {
  return useQuery({
    queryKey: ['marketStats', 'unusual', kind],
    queryFn: async ({ signal }) =>
      (await callApi(statsUnusualActivity, { kind, recordcount: LIST_ROWS }, { signal })).data.rows,
    refetchInterval: STATS_REFRESH_MS,
    retry: false,
  });
}

export type SectorUniverse = 'all' | 'fno';

/** /MarketStats/Sectors: each sector's breadth, average change and best and worst equities. */
export function useSectors(exc: StatsExchange, universe: SectorUniverse) {
  return useQuery({
    queryKey: ['marketStats', 'sectors', exc, universe],
    queryFn: async ({ signal }) => (await callApi(statsSectors, { exc, universe }, { signal })).data.sectors,
    refetchInterval: STATS_REFRESH_MS,
    retry: false,
  });
}

/** /MarketStats/SegmentOverview: the currency or commodity underlyings by their nearest future. */
export function useSegmentOverview(segment: OverviewSegment) {
  return useQuery({
    queryKey: ['marketStats', 'segmentOverview', segment],
    queryFn: async ({ signal }) => (await callApi(statsSegmentOverview, { segment }, { signal })).data.rows,
    refetchInterval: STATS_REFRESH_MS,
    retry: false,
  });
}
