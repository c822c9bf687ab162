import { indexNames, type IndexQuote } from '@kite/domain';
import type { Exchange, Instrument, Market } from '@kite/exchange';
import { streamSymOf } from '../../services/market-runtime/instrument-ref.ts';
import { changeText, priceText } from '../../services/market-runtime/price-text.ts';

/** Other names clients use for an index. */
const ALIASES: Readonly<Record<string, string>> = {
  FINNIFTY: 'NIFTY FIN SERVICE',
  NIFTY: 'NIFTY 50',
  BANKNIFTY: 'NIFTY BANK',
};

/** The index instrument for a name on an exchange (case-insensitive), or undefined. */
export function findIndex(market: Market, name: string, exc: Exchange): Instrument | undefined {
  const upper = name.trim().toUpperCase();
  const found = market.registry.bySymbol(exc, ALIASES[upper] ?? upper);
  return found?.instr === 'IDX' ? found : undefined;
}

/** Every index the market computes, in the contract's order. */
export function allIndices(indices: readonly Instrument[]): Instrument[] {
  return indexNames.flatMap((name) => indices.filter((i) => i.trSymbol === name));
}

export function indexQuoteOf(market: Market, index: Instrument): IndexQuote | undefined {
  const q = market.quote(index.id);
  if (!q) return undefined;
  const d = index.priceDecimals;
  return {
    index: index.trSymbol,
    exc: index.exc,
    streamSym: streamSymOf(index),
    exc_seg: index.exc_seg,
    xSym: index.xSym,
    value: priceText(q.lastPrice, d),
    ...changeText(q.lastPrice, q.close, d),
    high: priceText(q.high, d),
    low: priceText(q.low, d),
    open: priceText(q.open, d),
    close: priceText(q.close, d),
  };
}
