import type { DepthSnapshot, Instrument, Quote } from '@kite/exchange';
import type {
  DepthLevel,
  DepthUpdate,
  IndexUpdate,
  InstrumentRef,
  Level1Update,
} from '../../stream/market-data-bus.ts';
import { marketCapPaise } from './market-cap.ts';

/** Exchange quote -> the bus's level 1 update (integer price units; the gateway formats them for the wire). */
export function level1Update(instrument: Instrument, ref: InstrumentRef, q: Quote): Level1Update {
  return {
    feed: 'level1',
    instrument: ref,
    ts: q.updatedAt,
    // Before the first trade of the day the last traded time is the update time, never the epoch.
    lastTradedAt: q.lastTradeTime > 0 ? q.lastTradeTime : q.updatedAt,
    ltp: q.lastPrice,
    ltq: q.lastQuantity,
    bidPrice: q.bidQuantity > 0 ? q.bidPrice : null,
    bidQty: q.bidQuantity,
    askPrice: q.askQuantity > 0 ? q.askPrice : null,
    askQty: q.askQuantity,
    avgTradedPrice: q.averagePrice,
    vol: q.volume,
    // The stream's level 1 always carries a number: 0 where the instrument has no open interest.
    openInterest: q.openInterest ?? 0,
    totBuyQty: q.totalBuyQuantity,
    totSellQty: q.totalSellQuantity,
    open: q.open,
    high: q.high,
    low: q.low,
    close: q.close,
    yearlyHigh: q.yearHigh,
    yearlyLow: q.yearLow,
    dprLow: q.lowerBand,
    dprHigh: q.upperBand,
    marketCap: instrument.instr === 'STK' ? marketCapPaise(instrument.symbol, q.lastPrice) : null,
  };
}

function levels(side: DepthSnapshot['bids']): DepthLevel[] {
  return side.slice(0, 5).map((l) => ({ price: l.price, qty: l.quantity, orders: l.orders }));
}

export function depthUpdate(ref: InstrumentRef, depth: DepthSnapshot, ts: number): DepthUpdate {
  return {
    feed: 'level2',
    instrument: ref,
    ts,
    bids: levels(depth.bids),
    asks: levels(depth.asks),
    totBuyQty: depth.totalBuyQuantity,
    totSellQty: depth.totalSellQuantity,
  };
}

export function indexUpdate(ref: InstrumentRef, q: Quote): IndexUpdate {
  return { feed: 'level3', index: ref, ts: q.updatedAt, value: q.lastPrice, high: q.high, low: q.low, close: q.close };
}
