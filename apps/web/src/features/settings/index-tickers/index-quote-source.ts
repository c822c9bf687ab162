import { useEffect, useState } from 'react';
import type { TickerIndex } from './index-list.ts';

/** An index value in its smallest unit (paise), with the change from the previous close, also in paise. */
export interface IndexQuote {
  symbol: TickerIndex;
  valuePaise: number;
  changePaise: number;
  /** Change in basis points (1/100 of a percent), to keep the figure an integer. */
  changeBasisPoints: number;
}

/**
 * Where the header tickers get their values. The market issue plugs in a source built on /Market/GetIndexQuote
 * and the live stream with setIndexQuoteSource; until then nothing is known and the tickers show a dash.
 */
export interface IndexQuoteSource {
  subscribe(symbols: readonly TickerIndex[], onQuote: (quote: IndexQuote) => void): () => void;
}

const noSource: IndexQuoteSource = { subscribe: () => () => undefined };
let current: IndexQuoteSource = noSource;
const listeners = new Set<() => void>();

export function setIndexQuoteSource(source: IndexQuoteSource): void {
  current = source;
  for (const listener of listeners) listener();
}

export function useIndexQuotes(symbols: readonly TickerIndex[]): ReadonlyMap<TickerIndex, IndexQuote> {
  const [quotes, setQuotes] = useState<ReadonlyMap<TickerIndex, IndexQuote>>(new Map());
  const [source, setSource] = useState(() => current);
  useEffect(() => {
    const listener = () => setSource(() => current);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  const key = symbols.join('|');
  useEffect(() => {
    setQuotes(new Map());
    return source.subscribe(key.split('|') as TickerIndex[], (quote) =>
      setQuotes((previous) => new Map(previous).set(quote.symbol, quote)),
    );
  }, [source, key]);
  return quotes;
}
