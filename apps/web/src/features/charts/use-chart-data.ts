import { parsePrice, type PriceDecimals, type SavedChart, type SymbolObject } from '@kite/domain';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { streamKeyFor, useStreamRegistration } from '../../lib/stream/stream.ts';
import { useLevel1 } from '../../lib/stream/tick-store.ts';
import { streamTimeSeconds } from '../market-data/chart-time.ts';
import { fetchQuote, quoteKey, useQuote } from '../market-data/get-quote.ts';
import { priceChartQuery } from '../market-data/price-chart.ts';
import { priceDecimalsOf } from '../market-data/price-format.ts';
import { barsOf, groupBars, lastSessions, withLivePrice, type Bar } from './bars.ts';
import { chartRequest, requestInterval, sessionsShown, type Periodicity, type Span } from './chart-options.ts';

/** The charts' stream registrations: they keep ticking while the chart popup holds the rest back. */
export const CHART_SCREEN = 'charts';

export const symbolKey = (sym: SymbolObject): string => `${sym.exc}|${sym.id}|${sym.xSym}`;

/** A symbol's name when no quote has named it yet (a saved chart carries only the symbol object). */
export const symbolName = (sym: SymbolObject): string => sym.trSymbol ?? sym.xSym;

/** Server candles as the chart draws them: grouped to the periodicity, a day span cut to its last sessions. */
function shape(
  candles: Parameters<typeof barsOf>[0],
  decimals: PriceDecimals,
  span: Span,
  periodicity: Periodicity,
): Bar[] {
  const grouped = groupBars(barsOf(candles, decimals), requestInterval(periodicity).group, periodicity.timeUnit);
  const sessions = sessionsShown(span);
  return sessions === null ? grouped : lastSessions(grouped, sessions);
}

/**
 * Everything the chart draws for a saved chart: the main symbol's bars (the previous answer kept on screen while a
 * new one loads), the compared symbols' bars, the live last bar from the stream and the quote that names the symbol.
 */
export function useChartData(chart: SavedChart) {
  const { symObj, preference } = chart;
  const { span, periodicity } = preference;
  const { comparisons } = preference.layout;
  const decimals = priceDecimalsOf(symObj.exc);
  const requestKey = JSON.stringify([symbolKey(symObj), span, periodicity, comparisons.map(symbolKey)]);
  const requests = useMemo(() => {
    const now = Date.now();
    return {
      main: chartRequest(symObj, preference, now),
      comparisons: comparisons.map((sym) => chartRequest(sym, preference, now)),
    };
    // The key names every input: a new object with the same contents asks nothing again.
  }, [requestKey]);

  const main = useQuery({ ...priceChartQuery(requests.main), placeholderData: keepPreviousData });
  const compared = useQueries({ queries: requests.comparisons.map((request) => priceChartQuery(request)) });
  // A saved comparison is only a symbol object: its quote names it.
  const comparedNames = useQueries({
    queries: comparisons.map((sym) => ({
      queryKey: quoteKey(sym),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchQuote(sym, signal),
    })),
    combine: (results) =>
      results.map((result, i) => result.data?.quote.displaySym ?? symbolName(comparisons[i]!)).join('\n'),
  });

  const bars = useMemo(
    () => shape(main.data ?? [], decimals, span, periodicity),
    [main.data, decimals, span, periodicity],
  );
  // At most four compared symbols (the contract's limit): a fixed list of inputs for the memo.
  const [first, second, third, fourth] = compared.map((query) => query.data);
  const names = useMemo(
    () => (comparisons.length === 0 ? [] : comparedNames.split('\n')),
    [comparedNames, comparisons.length],
  );
  const comparisonBars = useMemo(() => {
    return comparisons.flatMap((sym, i) => {
      const candles = [first, second, third, fourth][i];
      return candles
        ? [{ sym, name: names[i] ?? symbolName(sym), bars: shape(candles, decimals, span, periodicity) }]
        : [];
    });
  }, [first, second, third, fourth, names, comparisons, decimals, span, periodicity]);

  const quote = useQuote(symObj);
  const streamSym = quote.data?.quote.streamSym ?? symbolName(symObj);
  const key = streamKeyFor({ exc: symObj.exc, streamSym, exc_seg: symObj.exc_seg, xSym: symObj.xSym });
  useStreamRegistration(CHART_SCREEN, [key], 'level1');
  const tick = useLevel1(key);

  const live = useMemo(() => {
    const last = bars.at(-1);
    if (!tick || !last || main.isPlaceholderData) return null;
    const time = streamTimeSeconds(tick.lTradedTime);
    const price = parsePrice(tick.ltp, decimals);
    if (time === null || price === null) return null;
    const { interval, group } = requestInterval(periodicity);
    const barMinutes = periodicity.timeUnit === 'minute' ? Number(interval) * group : 0;
    return withLivePrice(last, { time, price, text: tick.ltp }, periodicity, barMinutes, group, symObj.exc);
  }, [tick, bars, decimals, periodicity, main.isPlaceholderData, symObj.exc]);

  return {
    decimals,
    bars,
    live,
    comparisons: comparisonBars,
    /** The compared symbols' names, in the order of the saved list. */
    comparisonNames: names,
    loading: main.isFetching || compared.some((query) => query.isFetching),
    /** True before the first answer for this chart: nothing to draw yet. */
    pending: main.isPending,
    quote: quote.data?.quote ?? null,
    streamKey: key,
    tick,
  };
}
