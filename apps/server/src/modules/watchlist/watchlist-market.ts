import type { WatchlistSymbolRow } from '@kite/domain';
import { istDayFirstDateTime, type Instrument, type Market } from '@kite/exchange';
import { streamSymOf } from '../../services/market-runtime/instrument-ref.ts';
import { changeText, priceText } from '../../services/market-runtime/price-text.ts';
import { isTradableRow, symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';

/** The predefined groups (trading.md 3): built from the market's index constituents, read-only, the same for all. */
export interface PredefinedGroup {
  id: string;
  name: string;
  exchange: 'NSE' | 'BSE';
  index: string;
}

export const PREDEFINED_GROUPS: readonly PredefinedGroup[] = [
  { id: 'P-NIFTY50', name: 'NIFTY 50', exchange: 'NSE', index: 'NIFTY 50' },
  { id: 'P-SENSEX', name: 'SENSEX', exchange: 'BSE', index: 'SENSEX' },
  { id: 'P-BANKNIFTY', name: 'BANK NIFTY', exchange: 'NSE', index: 'NIFTY BANK' },
];

export function predefinedGroup(id: string): PredefinedGroup | undefined {
  return PREDEFINED_GROUPS.find((g) => g.id === id);
}

/** The equities of an index on its exchange, by symbol. */
export function constituentsOf(market: Market, group: PredefinedGroup): Instrument[] {
  return market.registry
    .all()
    .filter((i) => i.instr === 'STK' && i.exc === group.exchange && i.indices.includes(group.index))
    .sort((a, b) => a.symbol.localeCompare(b.symbol));
}

/** The starter watchlist of a new client (chosen: six large NSE names). */
export const STARTER_NAME = 'My List';
export const STARTER_SYMBOLS = ['RELIANCE-EQ', 'HDFCBANK-EQ', 'INFY-EQ', 'TCS-EQ', 'ICICIBANK-EQ', 'SBIN-EQ'] as const;

/** One watchlist row with live prices (trading.md 3 "Watchlist symbol row"); undefined when the market has no quote. */
export function watchlistRowOf(market: Market, instrument: Instrument): WatchlistSymbolRow | undefined {
  const q = market.quote(instrument.id);
  if (!q) return undefined;
  const p = (units: number) => priceText(units, instrument.priceDecimals);
  return {
    sym: symbolObjectOf(instrument),
    exc: instrument.exc,
    streamSym: streamSymOf(instrument),
    companyName: instrument.name,
    displaySym: instrument.displaySym,
    uniqueId: `${instrument.exc}|${instrument.id}`,
    ltp: p(q.lastPrice),
    ...changeText(q.lastPrice, q.close, instrument.priceDecimals),
    bidPrice: p(q.bidQuantity > 0 ? q.bidPrice : 0),
    askPrice: p(q.askQuantity > 0 ? q.askPrice : 0),
    bidQty: q.bidQuantity,
    askQty: q.askQuantity,
    ltq: q.lastQuantity,
    totBuyQty: q.totalBuyQuantity,
    totSellQty: q.totalSellQuantity,
    lTradedTime: istDayFirstDateTime(q.lastTradeTime > 0 ? q.lastTradeTime : q.updatedAt).slice(0, 20),
    lUpdatedTime: istDayFirstDateTime(q.updatedAt).slice(0, 20),
    avgTradedPrice: p(q.averagePrice),
    closePrice: p(q.close),
    highPrice: p(q.high),
    lowPrice: p(q.low),
    openPrice: p(q.open),
    vol: q.volume,
    dpr: `${p(q.lowerBand)} - ${p(q.upperBand)}`,
    openInterest: q.openInterest,
    isResearchAvail: false,
    lot: instrument.lot,
    tickSize: p(instrument.tickSize),
    tradable: isTradableRow(instrument),
  };
}
