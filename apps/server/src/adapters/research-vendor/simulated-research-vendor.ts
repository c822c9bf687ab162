import {
  formatPrice,
  ideaCategories,
  isCategoryOfSegment,
  subcategoriesOf,
  type IdeaCategory,
  type IdeaSegment,
} from '@kite/domain';
import {
  istInstant,
  MINUTE_MS,
  streamRandom,
  weekdayOf,
  type Instrument,
  type Market,
  type Xoshiro128,
} from '@kite/exchange';
import { callPrices, callTermsOf } from './call-terms.ts';
import type { ResearchVendor, VendorCall } from './research-vendor.ts';

/**
 * The simulated research desk: on each weekday it sends one call per call type of every category of a segment, at a
 * seeded time between 09:20 and 14:50 IST, on a seeded contract of the simulated market, entered at the market's price
 * at that time (its 5-minute bar, or the last price when the market has no bar then) with targets and stop-loss at
 * the type's distances on the instrument's tick.
 */

const FIRST_CALL_MINUTE = 9 * 60 + 20;
const LAST_CALL_MINUTE = 14 * 60 + 50;

const isTradingDay = (day: number) => weekdayOf(day) !== 0 && weekdayOf(day) !== 6;

function addTradingDays(day: number, count: number): number {
  let d = day;
  for (let left = count; left > 0;) {
    d += 1;
    if (isTradingDay(d)) left -= 1;
  }
  return d;
}

const expiryDayOf = (i: Instrument) => i.expiryDay ?? Number.POSITIVE_INFINITY;

/** The nearest expiry's contract per root symbol among `list`. */
function nearest(list: readonly Instrument[]): Instrument[] {
  const byRoot = new Map<string, Instrument>();
  for (const i of list) {
    const known = byRoot.get(i.symbol);
    if (!known || expiryDayOf(i) < expiryDayOf(known)) byRoot.set(i.symbol, i);
  }
  return [...byRoot.values()];
}

function priceAt(market: Market, instrument: Instrument, at: number): number | null {
  const bars = market.candles(instrument.id, '5m', at - 15 * MINUTE_MS, at);
  const bar = bars[bars.length - 1];
  if (bar) return bar.close;
  return market.snapshot(instrument.id)?.lastPrice ?? null;
}

interface Universe {
  pick(
    segment: IdeaSegment,
    category: IdeaCategory,
    subcategory: string,
    random: Xoshiro128,
    market: Market,
    at: number,
  ): Instrument | null;
}

function universeOf(market: Market, day: number): Universe {
  const all = market.registry.all().filter((i) => i.tradable && (i.expiryDay === null || i.expiryDay >= day));
  const stocks = all.filter((i) => i.exc === 'NSE' && i.instr === 'STK');
  const largeCaps = stocks.filter((i) => i.indices.includes('NIFTY 50'));
  const midCaps = stocks.filter((i) => !i.indices.includes('NIFTY 50'));
  const futures = nearest(all.filter((i) => i.exc === 'NFO' && (i.instr === 'FUTSTK' || i.instr === 'FUTIDX')));
  const indexOptions = all.filter(
    (i) => i.exc === 'NFO' && i.instr === 'OPTIDX' && (i.symbol === 'NIFTY' || i.symbol === 'BANKNIFTY'),
  );
  const currencies = nearest(all.filter((i) => i.exc === 'CDS' && i.instr === 'FUTCUR'));
  const commodities = nearest(all.filter((i) => i.exc === 'MCX' && i.instr === 'FUTCOM'));
  const choose = (list: readonly Instrument[], random: Xoshiro128) =>
    list.length === 0 ? null : list[random.int(0, list.length - 1)]!;

  /** An at-the-money option of the nearest expiry on NIFTY or BANKNIFTY, calls for a rising view, puts for a falling one. */
  const option = (random: Xoshiro128, at: number): Instrument | null => {
    const root = random.int(0, 1) === 0 ? 'NIFTY' : 'BANKNIFTY';
    const type = random.int(0, 1) === 0 ? 'CE' : 'PE';
    const chain = indexOptions.filter((i) => i.symbol === root && i.optType === type);
    const expiry = Math.min(...chain.map(expiryDayOf));
    const spotId = chain[0]?.underlying;
    const spot = spotId ? market.registry.byId(spotId) : undefined;
    const level = spot ? priceAt(market, spot, at) : null;
    if (level === null) return null;
    const sameExpiry = chain.filter((i) => expiryDayOf(i) === expiry);
    sameExpiry.sort((a, b) => Math.abs((a.strike ?? 0) - level) - Math.abs((b.strike ?? 0) - level));
    return sameExpiry[0] ?? null;
  };

  return {
    pick(segment, category, subcategory, random, _market, at) {
      if (segment === 'EQUITY')
        return choose(
          category === 'fundamental' && subcategory === 'MIDCAP IDEAS'
            ? midCaps
            : category === 'fundamental'
              ? stocks
              : largeCaps,
          random,
        );
      if (segment === 'DERIVATIVE')
        return subcategory.startsWith('OPTION') || subcategory === 'DERIVATIVE STRATEGY'
          ? option(random, at)
          : choose(futures, random);
      return choose(segment === 'CDS' ? currencies : commodities, random);
    },
  };
}

function describe(
  category: IdeaCategory,
  subcategory: string,
  side: 'BUY' | 'SELL',
  instrument: Instrument,
  entry: string,
  target: string,
  stop: string | null,
  random: Xoshiro128,
): string {
  const name = instrument.displaySym;
  const setups =
    side === 'BUY'
      ? [
          'has broken out of a consolidation range with rising volumes',
          'is holding its 20-day moving average with a higher bottom',
          'shows a bullish engulfing pattern on the daily chart',
          'has RSI turning up from the oversold zone',
        ]
      : [
          'has broken below its short-term support with rising volumes',
          'is facing resistance near its recent swing high',
          'shows a bearish engulfing pattern on the daily chart',
          'has RSI turning down from the overbought zone',
        ];
  const fundamentals = [
    'earnings visibility improving over the next two years',
    'a strong balance sheet and steady cash flows',
    'market share gains in its core business',
    'valuations below its five-year average',
  ];
  const view =
    category === 'fundamental'
      ? `We like the company for ${fundamentals[random.int(0, fundamentals.length - 1)]}.`
      : `${name} ${setups[random.int(0, setups.length - 1)]}.`;
  const risk = stop ? ` with a stop-loss of ${stop}` : '';
  return `${side === 'BUY' ? 'Buy' : 'Sell'} ${name} around ${entry} for a target of ${target}${risk} (${subcategory.toLowerCase()}). ${view}`;
}

export function createSimulatedResearchVendor(seed: number): ResearchVendor {
  return {
    callsOf(day, segment, until, market, known) {
      if (!isTradingDay(day)) return [];
      const universe = universeOf(market, day);
      const calls: VendorCall[] = [];
      for (const category of ideaCategories.filter((c) => isCategoryOfSegment(segment, c))) {
        for (const subcategory of subcategoriesOf(category)) {
          const vendorKey = `${day}:${segment}:${category}:${subcategory}`;
          if (known(vendorKey)) continue;
          const random = streamRandom(seed, `research:${vendorKey}`);
          const sentAt = istInstant(day, 0, random.int(FIRST_CALL_MINUTE, LAST_CALL_MINUTE));
          if (sentAt > until) continue;
          const instrument = universe.pick(segment, category, subcategory, random, market, sentAt);
          const terms = callTermsOf(category, subcategory);
          const entry = instrument && priceAt(market, instrument, sentAt);
          if (!instrument || !terms || !entry) continue;
          // Cash stocks cannot be held short, so calls held for months (midcap and long-term ideas) are buys.
          const shortTerm = terms.days <= 10;
          const side =
            subcategory === 'STBT' ||
            (shortTerm && (category === 'technical' || category === 'derivative') && random.int(0, 3) === 0)
              ? 'SELL'
              : 'BUY';
          const prices = callPrices(entry, instrument.tickSize, side, terms, segment);
          if (prices.target1 === entry) continue;
          const text = (units: number) => formatPrice(units, instrument.priceDecimals);
          calls.push({
            vendorKey,
            segment,
            category,
            subcategory,
            exchange: instrument.exc,
            trSymbol: instrument.trSymbol,
            calltype: side,
            priceDecimals: instrument.priceDecimals,
            entry,
            ...prices,
            sentAt,
            expiryDay: Math.min(addTradingDays(day, terms.days), expiryDayOf(instrument)),
            description: describe(
              category,
              subcategory,
              side,
              instrument,
              text(entry),
              text(prices.target1),
              prices.stoploss === null ? null : text(prices.stoploss),
              random,
            ),
          });
        }
      }
      return calls;
    },
  };
}
