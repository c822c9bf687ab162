import { describe, expect, it } from 'vitest';
import type { Candle } from '../candles/candle.ts';
import { VirtualClock } from '../clock/clock.ts';
import { daysFromCivil, istInstant } from '../clock/ist.ts';
import { Market, type MarketOptions, type Quote } from './market.ts';

const friday = daysFromCivil(2026, 11, 20);
const saturday = friday + 1;

function build(time: number, options: Partial<MarketOptions> = {}) {
  const clock = new VirtualClock(time);
  const market = new Market({ seed: 11, clock, mode: 'real', tickIntervalMs: 1000, mornings: true, ...options });
  const id = (exc: 'NSE' | 'NFO', symbol: string): string => market.registry.bySymbol(exc, symbol)!.id;
  return { clock, market, id };
}

const dayOfQuote = (q: Quote) => ({ open: q.open, high: q.high, low: q.low, close: q.lastPrice, volume: q.volume });
const dayOfBars = (bars: readonly Candle[]) => ({
  open: bars[0]!.open,
  high: Math.max(...bars.map((bar) => bar.high)),
  low: Math.min(...bars.map((bar) => bar.low)),
  close: bars.at(-1)!.close,
  volume: bars.reduce((sum, bar) => sum + bar.volume, 0),
});
const todaysMinutes = (market: Market, id: string, now: number) =>
  market.candles(id, '1m', istInstant(friday, 9, 15), now).filter((bar) => bar.time >= istInstant(friday));

describe("an instrument's day before its first look (a market built mid-session)", () => {
  it("gives an equity's quote and chart the same day from the session's start, ending at the price then", () => {
    const at = istInstant(friday, 14, 0);
    const { market, id } = build(at);
    const reliance = id('NSE', 'RELIANCE-EQ');
    const quote = market.quote(reliance)!;
    const minutes = todaysMinutes(market, reliance, at);
    // One bar a minute from 09:15 to 13:59: the first look's minute is the first live one.
    expect(minutes).toHaveLength(285);
    expect(minutes.map((bar) => bar.time)).toEqual(
      Array.from({ length: 285 }, (_, minute) => istInstant(friday, 9, 15 + minute)),
    );
    expect(minutes.at(-1)!.close).toBe(quote.lastPrice);
    expect(dayOfBars(minutes)).toEqual(dayOfQuote(quote));
    expect(quote.volume).toBeGreaterThan(0);
    expect(quote.averagePrice).toBeGreaterThan(quote.low);
    expect(quote.averagePrice).toBeLessThan(quote.high);
    // The open gaps from yesterday's close, and the day's range is more than the price now.
    expect(quote.open).not.toBe(quote.close);
    expect(quote.high).toBeGreaterThan(quote.low);
    const dayBar = market.candles(reliance, 'day', istInstant(friday), at).at(-1)!;
    expect({ ...dayBar, time: undefined }).toEqual({ ...dayOfQuote(quote), time: undefined });
  });

  it('gives an index the same morning whichever comes first, its quote or its chart', () => {
    const at = istInstant(friday, 11, 30);
    const quotedFirst = build(at);
    const nifty = quotedFirst.id('NSE', 'NIFTY 50');
    const quote = quotedFirst.market.quote(nifty)!;
    const chartedFirst = build(at);
    const minutes = todaysMinutes(chartedFirst.market, nifty, at);
    // The morning's bars (09:15 to 11:29), then the chart's print of the minute now (a quote's 52-week range builds
    // the chart's series, so after a quote the next step prints it).
    expect(minutes).toHaveLength(135 + 1);
    expect(todaysMinutes(quotedFirst.market, nifty, at)).toEqual(minutes.slice(0, 135));
    expect(dayOfQuote(chartedFirst.market.quote(nifty)!)).toEqual(dayOfQuote(quote));
    expect(dayOfBars(minutes)).toEqual({ ...dayOfQuote(quote), volume: 0 });
  });

  it('moves prices by the part of the session gone by at the build, so the day has changes and a future follows', () => {
    const at = istInstant(friday, 14, 0);
    const { market, id } = build(at);
    const plain = new Market({ seed: 11, clock: new VirtualClock(at), mode: 'real', tickIntervalMs: 1000 });
    const nifty = id('NSE', 'NIFTY 50');
    const changes = market.indexConstituents(nifty).map((symbol) => market.quote(id('NSE', `${symbol}-EQ`))!.change);
    // Without mornings a market built now starts at yesterday's closes; with them nearly every price has moved.
    const unchanged = plain.indexConstituents(nifty).map((symbol) => plain.quote(id('NSE', `${symbol}-EQ`))!.change);
    expect(unchanged.every((change) => change === 0)).toBe(true);
    expect(changes.filter((change) => change !== 0).length).toBeGreaterThanOrEqual(45);
    // The index follows its constituents (the market factor moves them together) and the future its index.
    const rises = changes.filter((change) => change > 0).length;
    const falls = changes.filter((change) => change < 0).length;
    const indexChange = market.quote(nifty)!.change;
    expect(Math.sign(indexChange)).toBe(Math.sign(rises - falls));
    expect(Math.sign(market.quote(id('NFO', 'NIFTY26NOVFUT'))!.change)).toBe(Math.sign(indexChange));
    // INDIA VIX walks on its own through the session too.
    expect(plain.quote(id('NSE', 'INDIA VIX'))!.change).toBe(0);
    expect(market.quote(id('NSE', 'INDIA VIX'))!.change).not.toBe(0);

    // Before the session's start, nothing has moved yet.
    const early = build(istInstant(friday, 9, 10));
    expect(early.market.quote(early.id('NSE', 'TCS-EQ'))!.change).toBe(0);
  });

  it('gives none before the session or on a day the exchange does not trade', () => {
    const early = build(istInstant(friday, 9, 10));
    const tcs = early.id('NSE', 'TCS-EQ');
    const beforeOpen = early.market.quote(tcs)!;
    expect(beforeOpen.volume).toBe(0);
    expect(beforeOpen.open).toBe(beforeOpen.lastPrice);
    const earlyFuture = early.market.quote(early.id('NFO', 'NIFTY26NOVFUT'))!;
    expect(earlyFuture.open).toBe(earlyFuture.lastPrice);

    const weekend = build(istInstant(saturday, 12, 0));
    expect(weekend.market.quote(weekend.id('NSE', 'TCS-EQ'))!.volume).toBe(0);
  });

  it("gives a future and an option the day along their underlying's chart, with their drawn volume in whole lots", () => {
    const at = istInstant(friday, 14, 0);
    const { market, id } = build(at);
    const nifty = id('NSE', 'NIFTY 50');
    const future = market.registry.byId(id('NFO', 'NIFTY26NOVFUT'))!;
    const quote = market.quote(future.id)!;
    const index = todaysMinutes(market, nifty, at).filter((bar) => bar.time < at);
    const bars = todaysMinutes(market, future.id, at).filter((bar) => bar.time < at);
    expect(bars.map((bar) => bar.time)).toEqual(index.map((bar) => bar.time));
    expect(bars).toHaveLength(285);
    // The future is the index carried to expiry: the same moves, a premium of well under 1%.
    for (const [i, bar] of bars.entries()) {
      const premium = bar.close / index[i]!.close;
      expect(premium).toBeGreaterThan(1);
      expect(premium).toBeLessThan(1.01);
    }
    expect(quote.open).toBe(bars[0]!.open);
    expect(quote.high).toBeGreaterThanOrEqual(Math.max(...bars.map((bar) => bar.high)));
    expect(quote.low).toBeLessThanOrEqual(Math.min(...bars.map((bar) => bar.low)));
    expect(quote.volume).toBe(bars.reduce((sum, bar) => sum + bar.volume, 0));
    expect(quote.volume).toBeGreaterThan(0);
    expect(bars.every((bar) => bar.volume % future.lot === 0)).toBe(true);
    // The statistics pages read the same volume as the quote.
    expect(market.openInterest(future.id)!.volume).toBe(quote.volume);

    // A put falls as the index rises: its closes are in the opposite order of the index's.
    const put = market.registry
      .all()
      .find(
        (i) =>
          i.underlying === nifty && i.optType === 'PE' && i.expiry === future.expiry && i.strike! >= quote.lastPrice,
      )!;
    const putBars = todaysMinutes(market, put.id, at).filter((bar) => bar.time < at);
    expect(putBars).toHaveLength(285);
    for (let i = 1; i < putBars.length; i++) {
      const indexMove = index[i]!.close - index[i - 1]!.close;
      const putMove = putBars[i]!.close - putBars[i - 1]!.close;
      expect(indexMove * putMove, `minute ${i}`).toBeLessThanOrEqual(0);
    }
  });

  it("gives currency and commodity contracts the day along their spot reference's chart, from 09:00", () => {
    const at = istInstant(friday, 14, 0);
    const { market } = build(at);
    const contract = (exc: string, symbol: string, instr: string) =>
      market.registry
        .all()
        .filter((i) => i.exc === exc && i.symbol === symbol && i.instr === instr && i.optType !== 'PE')
        .sort((a, b) => a.expiry!.localeCompare(b.expiry!))[0]!;
    const morningOf = (id: string) =>
      market
        .candles(id, '1m', istInstant(friday, 9, 0), at)
        .filter((bar) => bar.time >= istInstant(friday) && bar.time < at);
    const usdinr = contract('CDS', 'USDINR', 'FUTCUR');
    const gold = contract('MCX', 'GOLD', 'FUTCOM');
    const goldCall = contract('MCX', 'GOLD', 'OPTFUT');
    for (const instrument of [usdinr, gold, goldCall]) {
      const quote = market.quote(instrument.id)!;
      const bars = morningOf(instrument.id);
      // CDS and MCX open at 09:00: a bar a minute to 13:59.
      expect(
        bars.map((bar) => bar.time),
        instrument.trSymbol,
      ).toEqual(Array.from({ length: 300 }, (_, minute) => istInstant(friday, 9, minute)));
      expect(quote.open).toBe(bars[0]!.open);
      expect(quote.open).not.toBe(quote.lastPrice);
      expect(quote.high).toBeGreaterThan(quote.low);
      expect(quote.volume).toBe(bars.reduce((sum, bar) => sum + bar.volume, 0));
      expect(bars.every((bar) => bar.volume % instrument.lot === 0)).toBe(true);
    }
    // The future is its spot reference carried to expiry; a currency's day moves far less than gold's.
    const spot = market.registry.byId(usdinr.underlying!)!;
    const spotBars = morningOf(spot.id);
    for (const [i, bar] of morningOf(usdinr.id).entries()) {
      const premium = bar.close / spotBars[i]!.close;
      expect(premium).toBeGreaterThan(1);
      expect(premium).toBeLessThan(1.01);
    }
    const range = (q: Quote) => (q.high - q.low) / q.open;
    expect(range(market.quote(usdinr.id)!)).toBeLessThan(range(market.quote(gold.id)!));
    // A call on gold's future rises with it minute by minute.
    const futureBars = morningOf(gold.id);
    const callBars = morningOf(goldCall.id);
    expect(goldCall.underlying).toBe(gold.id);
    for (let i = 1; i < callBars.length; i++) {
      const futureMove = futureBars[i]!.close - futureBars[i - 1]!.close;
      const callMove = callBars[i]!.close - callBars[i - 1]!.close;
      expect(futureMove * callMove, `minute ${i}`).toBeGreaterThanOrEqual(0);
    }
  });

  it('keeps the morning over a restart: the saved state and minutes give the same quote and chart, once', () => {
    const at = istInstant(friday, 14, 0);
    const { clock, market, id } = build(at, { keepMinuteBars: true });
    const reliance = id('NSE', 'RELIANCE-EQ');
    const infy = id('NSE', 'INFY-EQ');
    const nifty = id('NSE', 'NIFTY 50');
    const future = id('NFO', 'NIFTY26NOVFUT');
    // RELIANCE quoted and charted, INFY and the future only quoted (which builds a chart's series too), NIFTY only
    // charted.
    market.quote(reliance);
    market.candles(reliance, '1m', at, at);
    market.quote(infy);
    market.quote(future);
    market.candles(nifty, '1m', at, at);
    clock.advance(120_000);
    market.advance();
    const saved = market.takeMinuteBars(true);
    const minutesSaved = new Map<string, Candle[]>();
    for (const { id: key, bar } of saved) minutesSaved.set(key, [...(minutesSaved.get(key) ?? []), bar]);
    // The morning's bars are saved with the live ones.
    for (const instrument of [reliance, infy, nifty, future])
      expect(minutesSaved.get(instrument)!.filter((bar) => bar.time < at)).toHaveLength(285);
    const state = JSON.parse(JSON.stringify(market.state())) as ReturnType<Market['state']>;
    const now = clock.now();

    const resumed = new Market({
      seed: 11,
      clock,
      mode: 'real',
      tickIntervalMs: 1000,
      keepMinuteBars: true,
      mornings: true,
      resume: state,
      resumeMinutes: minutesSaved,
    });
    // The future's morning comes back from its saved minutes and its book's day (it is not drawn from the seed).
    for (const instrument of [reliance, infy, nifty, future]) {
      expect(todaysMinutes(resumed, instrument, now), instrument).toEqual(todaysMinutes(market, instrument, now));
      expect(dayOfQuote(resumed.quote(instrument)!), instrument).toEqual(dayOfQuote(market.quote(instrument)!));
    }
    // Without the saved minutes (a save that did not reach them), the state alone gives the charts their mornings.
    const stateOnly = new Market({
      seed: 11,
      clock,
      mode: 'real',
      tickIntervalMs: 1000,
      mornings: true,
      resume: state,
    });
    const morningOf = (m: Market, instrument: string) =>
      todaysMinutes(m, instrument, now).filter((bar) => bar.time < at);
    for (const instrument of [reliance, infy, nifty])
      expect(morningOf(stateOnly, instrument), instrument).toEqual(morningOf(market, instrument));
  });
});
