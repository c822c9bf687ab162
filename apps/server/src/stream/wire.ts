import { deflateSync, inflateSync } from 'node:zlib';
import {
  DEPTH_LEVELS,
  formatScaled,
  mulDivRound,
  type AskLevel,
  type BidLevel,
  type DepthItem,
  type IndexItem,
  type Level1Item,
  type StreamKey,
} from '@kite/domain';
import { istDayFirstDateTime } from '@kite/exchange';
import type { DepthUpdate, IndexUpdate, Level1Update, MarketUpdate } from './market-data-bus.ts';

/**
 * The wire format (platform.md 7.3, trading.md 4.9): each frame is base64 text of a zlib-deflated JSON array of items.
 * Prices leave here as exact decimal strings made from integers, never from floats.
 */

/** (value - base) / base as a percentage with 2 decimals, rounded half away from zero in integer arithmetic. */
function changePercent(value: number, base: number): string {
  return base === 0 ? '0.00' : formatScaled(mulDivRound(value - base, 10_000, base), 2);
}

export function level1Item(u: Level1Update, key: StreamKey): Level1Item {
  const { instrument: ref } = u;
  const p = (units: number) => formatScaled(units, ref.decimals);
  return {
    name: 'sf',
    type: 'level1',
    key,
    exc: ref.exc,
    excSeg: ref.excSeg,
    streamSym: ref.streamSym,
    xSym: ref.xSym,
    ts: u.ts,
    ltp: p(u.ltp),
    ltq: u.ltq,
    chng: p(u.ltp - u.close),
    chngPer: changePercent(u.ltp, u.close),
    bidPrice: u.bidPrice === null ? null : p(u.bidPrice),
    bidQty: u.bidQty,
    askPrice: u.askPrice === null ? null : p(u.askPrice),
    askQty: u.askQty,
    avgTradedPrice: p(u.avgTradedPrice),
    vol: u.vol,
    openInterest: u.openInterest,
    totBuyQty: u.totBuyQty,
    totSellQty: u.totSellQty,
    openPrice: p(u.open),
    highPrice: p(u.high),
    lowPrice: p(u.low),
    closePrice: p(u.close),
    yearlyHighPrice: p(u.yearlyHigh),
    yearlyLowPrice: p(u.yearlyLow),
    dprLow: p(u.dprLow),
    dprHigh: p(u.dprHigh),
    marketCap: u.marketCap === null ? null : formatScaled(u.marketCap, 2),
    lUpdatedTime: istDayFirstDateTime(u.ts),
    lTradedTime: istDayFirstDateTime(u.lastTradedAt),
  };
}

export function depthItem(u: DepthUpdate, key: StreamKey): DepthItem {
  const { instrument: ref } = u;
  const p = (units: number) => formatScaled(units, ref.decimals);
  const bids: BidLevel[] = u.bids
    .slice(0, DEPTH_LEVELS)
    .map((l) => ({ bidNoOrders: l.orders, bidPrice: p(l.price), bidQty: l.qty }));
  const asks: AskLevel[] = u.asks
    .slice(0, DEPTH_LEVELS)
    .map((l) => ({ askNoOrders: l.orders, askPrice: p(l.price), askQty: l.qty }));
  return {
    name: 'dp',
    type: 'level2',
    key,
    exc: ref.exc,
    excSeg: ref.excSeg,
    streamSym: ref.streamSym,
    xSym: ref.xSym,
    ts: u.ts,
    bids,
    asks,
    totBuyQty: u.totBuyQty,
    totSellQty: u.totSellQty,
  };
}

export function indexItem(u: IndexUpdate, key: StreamKey): IndexItem {
  const p = (units: number) => formatScaled(units, u.index.decimals);
  return {
    name: 'if',
    type: 'level3',
    key,
    exc: u.index.exc,
    indexName: u.index.streamSym,
    ts: u.ts,
    value: p(u.value),
    highPrice: p(u.high),
    lowPrice: p(u.low),
    closePrice: p(u.close),
    chng: p(u.value - u.close),
    chngPer: changePercent(u.value, u.close),
    lUpdatedTime: istDayFirstDateTime(u.ts),
  };
}

/** The item JSON for one update under one key: made once per update and shared by every subscriber of that key. */
export function itemJson(update: MarketUpdate, key: StreamKey): string {
  switch (update.feed) {
    case 'level1':
      return JSON.stringify(level1Item(update, key));
    case 'level2':
      return JSON.stringify(depthItem(update, key));
    case 'level3':
      return JSON.stringify(indexItem(update, key));
    default: {
      const never: never = update;
      throw new Error(`Unknown feed ${String(never)}`);
    }
  }
}

/** Frames are small and many: the fastest zlib level keeps the gateway's CPU for fan-out (see bench/src/fanout.ts). */
const DEFLATE_LEVEL = 1;

/** JSON texts of items -> one frame: base64 of the deflated array. */
export function encodeFrame(itemJsons: readonly string[]): string {
  return deflateSync(Buffer.from(`[${itemJsons.join(',')}]`), { level: DEFLATE_LEVEL }).toString('base64');
}

/** The reverse, for tests and the benchmark's clients. */
export function decodeFrame(frame: string): unknown {
  return JSON.parse(inflateSync(Buffer.from(frame, 'base64')).toString('utf8'));
}
