import { legacyStreamKey, parsePrice, type IndexQuote as WireIndexQuote, type StreamKey } from '@kite/domain';
import { streamClient, streamKeyFor } from '../../../lib/stream/stream.ts';
import { tickStore, type TickStore } from '../../../lib/stream/tick-store.ts';
import { tickerIndices, type TickerIndex } from './index-list.ts';
import type { IndexQuote, IndexQuoteSource } from './index-quote-source.ts';

export type FetchIndexQuotes = (indices: { index: string; exc: 'NSE' | 'BSE' }[]) => Promise<WireIndexQuote[]>;

export interface LiveIndexDeps {
  store: TickStore;
  /** Registers level3 keys for the header; returns the unregister. */
  register: (keys: readonly StreamKey[]) => () => void;
}

const defaultDeps: LiveIndexDeps = {
  store: tickStore,
  register: (keys) => streamClient.register('header-tickers', keys, 'level3'),
};

/** Wire figures (exact decimal strings) to the ticker's integers: paise and hundredths of a percent. */
function toQuote(symbol: TickerIndex, value: string, chng: string, chngPer: string): IndexQuote | null {
  const valuePaise = parsePrice(value, 2);
  const changePaise = parsePrice(chng, 2);
  const changeBasisPoints = parsePrice(chngPer, 2);
  if (valuePaise === null || changePaise === null || changeBasisPoints === null) return null;
  return { symbol, valuePaise, changePaise, changeBasisPoints };
}

/** The index's level3 key on the feed in use (trading.md 4.9); without a quote, the older feed's exchange|name. */
function keyOf(quote: WireIndexQuote | undefined, symbol: TickerIndex, exchange: string): StreamKey {
  return quote ? streamKeyFor(quote) : legacyStreamKey(exchange, symbol);
}

/**
 * The header tickers' live source (platform.md 2.4): first values from /Market/GetIndexQuote, then every level3
 * update of the stream. A failed call leaves a dash until the stream speaks.
 */
export function createLiveIndexQuoteSource(fetchQuotes: FetchIndexQuotes, deps: LiveIndexDeps = defaultDeps): IndexQuoteSource {
  return {
    subscribe(symbols, onQuote) {
      let stopped = false;
      const cleanups: (() => void)[] = [];
      const wanted = tickerIndices.filter((index) => symbols.includes(index.symbol));
      const listen = (quotes: readonly WireIndexQuote[]) => {
        if (stopped) return;
        const keys: StreamKey[] = [];
        for (const { symbol, exchange } of wanted) {
          const quote = quotes.find((q) => q.index === symbol);
          if (quote) {
            const first = toQuote(symbol, quote.value, quote.chng, quote.chngPer);
            if (first) onQuote(first);
          }
          const key = keyOf(quote, symbol, exchange);
          keys.push(key);
          const onTick = () => {
            const item = deps.store.index.get(key);
            const next = item ? toQuote(symbol, item.value, item.chng, item.chngPer) : null;
            if (next) onQuote(next);
          };
          onTick();
          cleanups.push(deps.store.index.subscribe(key, onTick));
        }
        if (keys.length > 0) cleanups.push(deps.register(keys));
      };
      if (wanted.length > 0) {
        fetchQuotes(wanted.map((index) => ({ index: index.symbol, exc: index.exchange }))).then(listen, () => listen([]));
      }
      return () => {
        stopped = true;
        for (const cleanup of cleanups) cleanup();
      };
    },
  };
}
