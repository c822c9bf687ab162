import { formatScaled, mulDivRound, type EquityScreen, type ScreenerRow } from '@kite/domain';
import type { Instrument, Market } from '@kite/exchange';
import { equitiesOf } from './breadth.ts';
import { medianOfPositive } from './median.ts';
import { candidates, rankedOf, type Ranked } from './ranked-lists.ts';

/** A gap smaller than this (hundredths of a percent) is noise, not a gap: 0.50%. */
export const GAP_MIN_BP = 50;
/** Volume at least this many times the screened group's median is a surge. */
export const SURGE_MULTIPLE = 2;

interface Screened extends Ranked {
  /** Today's volume over the group's median volume, in hundredths. */
  multiple: number;
}

/** Relative moves compared exactly by cross-multiplying: (a.num / a.den) against (b.num / b.den), largest first. */
const largestFirst =
  (num: (r: Screened) => number, den: (r: Screened) => number) =>
  (a: Screened, b: Screened): number =>
    num(b) * den(a) - num(a) * den(b);

const change = (r: Screened) => r.last - r.close;
const close = (r: Screened) => r.close;

interface Screen {
  keep: (r: Screened) => boolean;
  order: (a: Screened, b: Screened) => number;
}

function screenOf(screen: EquityScreen): Screen {
  const byRise = largestFirst(change, close);
  const byFall = largestFirst((r) => -change(r), close);
  switch (screen) {
    case 'gainers':
      return { keep: (r) => r.last > r.close, order: byRise };
    case 'losers':
      return { keep: (r) => r.last < r.close, order: byFall };
    case 'new-high':
      // The 52-week high includes today's: the day's high reaching it is a new 52-week high.
      return { keep: (r) => r.yearHigh > 0 && r.high >= r.yearHigh, order: byRise };
    case 'new-low':
      return { keep: (r) => r.yearLow > 0 && r.low <= r.yearLow, order: byFall };
    case 'gap-up':
      return {
        keep: (r) => (r.open - r.close) * 10_000 >= GAP_MIN_BP * r.close,
        order: largestFirst((r) => r.open - r.close, close),
      };
    case 'gap-down':
      return {
        keep: (r) => (r.close - r.open) * 10_000 >= GAP_MIN_BP * r.close,
        order: largestFirst((r) => r.close - r.open, close),
      };
    case 'price-breakout':
      // Trading at the day's high, above both the open and the previous close.
      return { keep: (r) => r.last >= r.high && r.last > r.open && r.last > r.close, order: byRise };
    case 'price-breakdown':
      return { keep: (r) => r.last <= r.low && r.last < r.open && r.last < r.close, order: byFall };
    case 'volume-surge':
      return { keep: (r) => r.multiple >= SURGE_MULTIPLE * 100, order: (a, b) => b.multiple - a.multiple };
    default: {
      const never: never = screen;
      throw new Error(`unknown screen ${String(never)}`);
    }
  }
}

/**
 * Screens the exchange's ranked equities (ranked-lists.ts: the benchmark's constituents and every equity already
 * simulated), or one index's constituents (which it starts: a bounded few dozen), and answers those that pass, best
 * first, with today's volume against the screened group's median: no candle history is read.
 */
export function screenEquities(
  market: Market,
  exc: 'NSE' | 'BSE',
  screen: EquityScreen,
  index: Instrument | null,
  count: number,
): { screened: number; rows: ScreenerRow[] } {
  const universe = index ? equitiesOf(market, exc, market.indexConstituents(index.id)) : candidates(market, exc);
  const ranked = universe.flatMap((i) => rankedOf(market, i) ?? []);
  const median = medianOfPositive(ranked.map((r) => r.volume));
  const screened: Screened[] = ranked.map((r) => ({
    ...r,
    multiple: median === 0 ? 0 : mulDivRound(r.volume, 100, median),
  }));
  const { keep, order } = screenOf(screen);
  const rows = screened
    .filter(keep)
    .sort((a, b) => order(a, b) || a.row.displaySym.localeCompare(b.row.displaySym))
    .slice(0, count)
    .map((r) => ({
      ...r.row,
      highPrice: r.highPrice,
      lowPrice: r.lowPrice,
      volumeMultiple: formatScaled(r.multiple, 2),
    }));
  return { screened: ranked.length, rows };
}
