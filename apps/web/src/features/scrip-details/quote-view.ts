import type { Quote } from '@kite/domain';
import type { Level1State } from '../../lib/stream/tick-store.ts';

/** The figures the screen shows: the stream's latest tick over the quote call's answer (trading.md 3, 4.9). */
export interface QuoteView {
  ltp: string;
  chng: string;
  chngPer: string;
  open: string;
  high: string;
  low: string;
  close: string;
  vol: number;
  atp: string;
  yearHigh: string;
  yearLow: string;
  dprLow: string | null;
  dprHigh: string | null;
  bidPrice: string | null;
  bidQty: number;
  askPrice: string | null;
  askQty: number;
  openInterest: number | null;
  updated: string;
}

/** "low - high" (trading.md 3 "Quote": dpr) split into its two prices. */
function splitRange(dpr: string): [string | null, string | null] {
  const [low, high] = dpr.split('-').map((part) => part.trim());
  return [low || null, high || null];
}

export function quoteView(quote: Quote, tick: Level1State | undefined): QuoteView {
  const [dprLow, dprHigh] = splitRange(quote.dpr);
  if (!tick) {
    return {
      ltp: quote.ltp,
      chng: quote.chng,
      chngPer: quote.chngPer,
      open: quote.openPrice,
      high: quote.highPrice,
      low: quote.lowPrice,
      close: quote.closePrice,
      vol: quote.vol,
      atp: quote.avgTradedPrice,
      yearHigh: quote.yearHigh,
      yearLow: quote.yearLow,
      dprLow,
      dprHigh,
      bidPrice: quote.bidPrice,
      bidQty: quote.bidQty,
      askPrice: quote.askPrice,
      askQty: quote.askQty,
      openInterest: quote.openInterest,
      updated: quote.lUpdatedTime,
    };
  }
  return {
    ltp: tick.ltp,
    chng: tick.chng,
    chngPer: tick.chngPer,
    open: tick.openPrice,
    high: tick.highPrice,
    low: tick.lowPrice,
    close: tick.closePrice,
    vol: tick.vol,
    atp: tick.avgTradedPrice,
    yearHigh: tick.yearlyHighPrice,
    yearLow: tick.yearlyLowPrice,
    dprLow: tick.dprLow,
    dprHigh: tick.dprHigh,
    bidPrice: tick.bidPrice,
    bidQty: tick.bidQty,
    askPrice: tick.askPrice,
    askQty: tick.askQty,
    openInterest: quote.openInterest === null ? null : tick.openInterest,
    updated: tick.lUpdatedTime,
  };
}

/** Where a price sits between low and high, 0 to 100, for a range marker (a position on screen, not money). */
export function rangePosition(low: number | null, high: number | null, value: number | null): number | null {
  if (low === null || high === null || value === null || high <= low) return null;
  const clamped = Math.min(high, Math.max(low, value));
  return Math.round(((clamped - low) * 1000) / (high - low)) / 10;
}
