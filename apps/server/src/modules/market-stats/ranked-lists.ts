import { formatScaled, mulDivRound, type StatsRow } from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import { buildQuote } from '../market/quote.ts';
import { equitiesOf } from './breadth.ts';

/** The index whose constituents every exchange's ranked lists always cover. */
export const BENCHMARK: Readonly<Record<'NSE' | 'BSE', string>> = { NSE: 'NIFTY 50', BSE: 'SENSEX' };

/** One equity's quote row with the integer figures the lists and screens compare. */
export interface Ranked {
  row: StatsRow;
  /** The day's high and low as the quote shows them. */
  highPrice: string;
  lowPrice: string;
  volume: number;
  value: number;
  open: number;
  high: number;
  low: number;
  last: number;
  close: number;
  yearHigh: number;
  yearLow: number;
}

/**
 * The equities the lists rank: the benchmark's constituents and every other equity of the exchange somebody already
 * trades or watches (its book is simulated). Volume, open and the 52-week range exist only for a simulated book, so
 * ranking all 5,000 equities would start every one: the benchmark's are started (a bounded few dozen), the rest are
 * read only when already running.
 */
export function candidates(market: Market, exc: 'NSE' | 'BSE'): Instrument[] {
  const index = market.registry.bySymbol(exc, BENCHMARK[exc]);
  const members = equitiesOf(market, exc, index ? market.indexConstituents(index.id) : []);
  const memberIds = new Set(members.map((i) => i.id));
  const running = equitiesOf(market, exc).filter((i) => !memberIds.has(i.id) && market.isSimulated(i.id));
  return [...members, ...running];
}

export const percentOf = (part: number, whole: number): string =>
  whole === 0 ? '0.00' : formatScaled(mulDivRound(part, 10_000, whole), 2);

export function rankedOf(market: Market, instrument: Instrument): Ranked | undefined {
  const built = buildQuote(market, instrument);
  const q = market.quote(instrument.id);
  if (!built || !q) return undefined;
  const { quote } = built;
  const value = mulDivRound(q.volume, q.averagePrice, 1);
  const d = instrument.priceDecimals;
  return {
    row: {
      sym: quote.sym,
      displaySym: quote.displaySym,
      companyName: quote.companyName,
      ltp: quote.ltp,
      chng: quote.chng,
      chngPer: quote.chngPer,
      openPrice: quote.openPrice,
      closePrice: quote.closePrice,
      vol: quote.vol,
      tradedValue: formatScaled(value, d),
      yearHigh: quote.yearHigh,
      yearLow: quote.yearLow,
      gapPer: percentOf(q.open - q.close, q.close),
      fromYearHighPer: percentOf(q.yearHigh - q.lastPrice, q.yearHigh),
      fromYearLowPer: percentOf(q.lastPrice - q.yearLow, q.yearLow),
    },
    highPrice: quote.highPrice,
    lowPrice: quote.lowPrice,
    volume: q.volume,
    value,
    open: q.open,
    high: q.high,
    low: q.low,
    last: q.lastPrice,
    close: q.close,
    yearHigh: q.yearHigh,
    yearLow: q.yearLow,
  };
}

type Compare = (a: Ranked, b: Ranked) => number;

function rank(market: Market, exc: 'NSE' | 'BSE', keep: (r: Ranked) => boolean, order: Compare, count: number) {
  const rows = candidates(market, exc).flatMap((i) => rankedOf(market, i) ?? []);
  return rows
    .filter(keep)
    .sort((a, b) => order(a, b) || a.row.displaySym.localeCompare(b.row.displaySym))
    .slice(0, count)
    .map((r) => r.row);
}

export function mostActive(market: Market, exc: 'NSE' | 'BSE', by: 'volume' | 'value', count: number): StatsRow[] {
  const measure = (r: Ranked) => (by === 'volume' ? r.volume : r.value);
  return rank(
    market,
    exc,
    (r) => measure(r) > 0,
    (a, b) => measure(b) - measure(a),
    count,
  );
}

/** Nearest the 52-week high (or low) first; relative distances compared exactly by cross-multiplying. */
export function nearYearExtreme(market: Market, exc: 'NSE' | 'BSE', side: 'high' | 'low', count: number): StatsRow[] {
  const order: Compare =
    side === 'high'
      ? (a, b) => (a.yearHigh - a.last) * b.yearHigh - (b.yearHigh - b.last) * a.yearHigh
      : (a, b) => (a.last - a.yearLow) * b.yearLow - (b.last - b.yearLow) * a.yearLow;
  return rank(market, exc, (r) => r.yearHigh > 0 && r.yearLow > 0, order, count);
}

/** Opened above (or below) the previous close, the largest gap first. */
export function gappers(market: Market, exc: 'NSE' | 'BSE', direction: 'up' | 'down', count: number): StatsRow[] {
  const sign = direction === 'up' ? 1 : -1;
  const gap = (r: Ranked) => (r.open - r.close) * sign;
  return rank(
    market,
    exc,
    (r) => r.close > 0 && gap(r) > 0,
    (a, b) => gap(b) * a.close - gap(a) * b.close,
    count,
  );
}
