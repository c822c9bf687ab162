import type { Quote } from '@kite/domain';
import { istDayFirstDateTime, type Instrument, type Market } from '@kite/exchange';
import { streamSymOf } from '../../services/market-runtime/instrument-ref.ts';
import { changeText, priceText } from '../../services/market-runtime/price-text.ts';
import { symbolObjectOf } from '../../services/market-runtime/symbol-object.ts';
import { surveillanceOf } from './surveillance.ts';

type Level = { price: string; qty: number; orders: number };

/** Quote with five levels a side (trading.md 3 "Quote"); asking for it makes the exchange simulate the book fully. */
export function buildQuote(
  market: Market,
  instrument: Instrument,
): { quote: Quote; bids: Level[]; asks: Level[] } | undefined {
  const q = market.quote(instrument.id);
  const depth = market.depth(instrument.id);
  if (!q || !depth) return undefined;
  const d = instrument.priceDecimals;
  const p = (units: number) => priceText(units, d);
  const level = (l: { price: number; quantity: number; orders: number }): Level => ({
    price: p(l.price),
    qty: l.quantity,
    orders: l.orders,
  });
  return {
    quote: {
      sym: symbolObjectOf(instrument),
      displaySym: instrument.displaySym,
      companyName: instrument.name,
      ltp: p(q.lastPrice),
      ...changeText(q.lastPrice, q.close, d),
      dpr: `${p(q.lowerBand)} - ${p(q.upperBand)}`,
      openPrice: p(q.open),
      highPrice: p(q.high),
      lowPrice: p(q.low),
      closePrice: p(q.close),
      lot: instrument.lot,
      tickSize: p(instrument.tickSize),
      // Units per quantity (1,000 for USDINR, 100 for MCX GOLD): charges multiply by it (trading.md 9).
      lotQualifier: instrument.multiplier,
      priceQualifier: 1,
      bidQty: q.bidQuantity,
      bidPrice: p(q.bidQuantity > 0 ? q.bidPrice : 0),
      askQty: q.askQuantity,
      askPrice: p(q.askQuantity > 0 ? q.askPrice : 0),
      streamSym: streamSymOf(instrument),
      totBuyQty: q.totalBuyQuantity,
      totSellQty: q.totalSellQuantity,
      vol: q.volume,
      avgTradedPrice: p(q.averagePrice),
      yearHigh: p(q.yearHigh),
      yearLow: p(q.yearLow),
      openInterest: q.openInterest,
      // trading.md 3: the time stamp is trimmed to 20 characters.
      lUpdatedTime: istDayFirstDateTime(q.updatedAt).slice(0, 20),
      ...surveillanceOf(instrument),
    },
    bids: depth.bids.slice(0, 5).map(level),
    asks: depth.asks.slice(0, 5).map(level),
  };
}
