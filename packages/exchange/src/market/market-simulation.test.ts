import { describe, expect, it } from 'vitest';
import { OrderType, Side, Validity } from '../book/order-types.ts';
import { VirtualClock } from '../clock/clock.ts';
import { daysFromCivil, istInstant } from '../clock/ist.ts';
import type { BookEvent } from '../matching/book-events.ts';
import { Market, type ClientOrder, type Quote, type Tick } from './market.ts';

const friday = daysFromCivil(2026, 11, 20);

function setup(mode: 'always' | 'real' = 'always', start = istInstant(friday, 10, 0)) {
  const clock = new VirtualClock(start);
  const market = new Market({ seed: 7, clock, mode, tickIntervalMs: 1000 });
  const id = (exc: 'NSE' | 'NFO' | 'CDS' | 'MCX', symbol: string): string => market.registry.bySymbol(exc, symbol)!.id;
  const run = (seconds: number): void => {
    for (let i = 0; i < seconds; i++) {
      clock.advance(1000);
      market.advance();
    }
  };
  return { clock, market, id, run };
}

function order(fields: Partial<ClientOrder> & Pick<ClientOrder, 'side' | 'quantity'>): ClientOrder {
  return {
    type: OrderType.Limit,
    validity: Validity.Day,
    price: 0,
    triggerPrice: 0,
    disclosedQuantity: 0,
    vtdDay: 0,
    amo: false,
    ref: 1,
    account: 42,
    ...fields,
  };
}

describe('the simulated market', () => {
  it('carries on from an earlier market state of the same day: prices, a traded book day, the watched ranges', () => {
    const { clock, market, id, run } = setup();
    const reliance = id('NSE', 'RELIANCE-EQ');
    const tcs = id('NSE', 'TCS-EQ');
    const nifty = id('NSE', 'NIFTY 50');
    const future = id('NFO', 'NIFTY26NOVFUT');
    market.quote(reliance);
    market.subscribe(tcs, () => undefined);
    // An hour of steps in one go, then detail: far enough for prices to leave their reference.
    clock.advance(3_600_000);
    market.advance();
    run(30);
    market.submit(reliance, order({ side: Side.Buy, quantity: 25, type: OrderType.Market }));
    const before = [reliance, tcs, nifty, future].map((i) => market.quote(i)!);
    expect(before[0]!.lastPrice).not.toBe(market.registry.byId(reliance)!.referencePrice);

    const state = JSON.parse(JSON.stringify(market.state())) as ReturnType<Market['state']>;
    const resumed = new Market({ seed: 7, clock, mode: 'always', tickIntervalMs: 1000, resume: state });
    const after = [reliance, tcs, nifty, future].map((i) => resumed.quote(i)!);
    const day = (q: Quote) => ({ last: q.lastPrice, open: q.open, high: q.high, low: q.low, volume: q.volume });
    // The traded book: its last trade and the day's statistics, exactly.
    expect(day(after[0]!)).toEqual(day(before[0]!));
    expect(after[0]!.averagePrice).toBe(before[0]!.averagePrice);
    // Untraded or derived: the same fair value, so the same price to the tick (the index and the future follow their
    // constituents and underlying).
    for (const i of [1, 2, 3]) expect(after[i]!.lastPrice, `instrument ${i}`).toBe(before[i]!.lastPrice);
    expect(after[2]!.close).toBe(before[2]!.close);

    // A state of another day is not carried into this one: the market starts from the reference prices.
    const fresh = new Market({ seed: 7, clock, mode: 'always', tickIntervalMs: 1000 });
    const stale = new Market({
      seed: 7,
      clock,
      mode: 'always',
      tickIntervalMs: 1000,
      resume: { ...state, day: state.day - 1 },
    });
    expect(stale.quote(tcs)!.lastPrice).toBe(fresh.quote(tcs)!.lastPrice);
    expect(stale.quote(reliance)!.volume).toBe(0);
  });

  it("draws the day's candle from every trade of the day, also those made before its chart existed", () => {
    const { clock, market, id, run } = setup();
    const reliance = id('NSE', 'RELIANCE-EQ');
    const tcs = id('NSE', 'TCS-EQ');
    const dayBar = (m: Market, instrument: string) => {
      const bar = m.candles(instrument, 'day', istInstant(friday), clock.now()).at(-1);
      return bar && { open: bar.open, high: bar.high, low: bar.low, close: bar.close, volume: bar.volume };
    };
    const dayOfQuote = (q: Quote) => ({ open: q.open, high: q.high, low: q.low, close: q.lastPrice, volume: q.volume });
    // An order's checks start the book (priceBand) without its chart; the order trades at once.
    market.priceBand(tcs);
    market.submit(tcs, order({ side: Side.Buy, quantity: 40, type: OrderType.Market }));
    expect(market.quote(tcs)!.volume).toBeGreaterThan(0);
    expect(dayBar(market, tcs)).toEqual(dayOfQuote(market.quote(tcs)!));

    market.quote(reliance);
    run(30);
    market.submit(reliance, order({ side: Side.Buy, quantity: 25, type: OrderType.Market }));
    const state = JSON.parse(JSON.stringify(market.state())) as ReturnType<Market['state']>;
    // A restart within the day: the resumed books' day is the chart's day too, whether the chart or the quote comes first.
    const quotedFirst = new Market({ seed: 7, clock, mode: 'always', tickIntervalMs: 1000, resume: state });
    const quote = quotedFirst.quote(reliance)!;
    expect(quote.volume).toBeGreaterThan(0);
    expect(dayBar(quotedFirst, reliance)).toEqual(dayOfQuote(quote));
    const chartedFirst = new Market({ seed: 7, clock, mode: 'always', tickIntervalMs: 1000, resume: state });
    const bar = dayBar(chartedFirst, reliance);
    expect(bar).toEqual(dayOfQuote(chartedFirst.quote(reliance)!));
  });

  it("holds today's minute in a chart's first answer, so a day chart first asked for shows today's session", () => {
    const { clock, market, id, run } = setup('always', istInstant(friday, 18, 25) + 20_000);
    run(30);
    const nifty = id('NSE', 'NIFTY 50');
    const minutes = market.candles(nifty, '1m', istInstant(friday - 7), clock.now());
    // Yesterday's generated session, then today's first minute: the quote's price, not a bar still to come.
    expect(minutes.at(-2)!.time).toBeLessThan(istInstant(friday));
    expect(minutes.at(-1)).toMatchObject({ time: istInstant(friday, 18, 25), close: market.quote(nifty)!.lastPrice });
  });

  it("under real hours prints no bar outside an instrument's session: after its close, on a weekend or a holiday", () => {
    const monday = friday + 3;
    const clock = new VirtualClock(istInstant(friday, 15, 25));
    const market = new Market({ seed: 7, clock, mode: 'real', tickIntervalMs: 1000, holidays: [monday] });
    const run = (until: number): void => {
      while (clock.now() < until) {
        clock.advance(1000);
        market.advance();
      }
    };
    const nifty = market.registry.bySymbol('NSE', 'NIFTY 50')!.id;
    const gold = market.registry.all().find((i) => i.exc === 'MCX' && i.instr === 'FUTCOM')!.id;
    const lastBar = (id: string) => market.candles(id, '1m', istInstant(friday - 7), clock.now()).at(-1)!;
    // Both charts asked for in the session: the first answer holds its minute, and the steps print on.
    expect(lastBar(nifty).time).toBe(istInstant(friday, 15, 25));
    lastBar(gold);
    run(istInstant(friday, 16, 10));
    // NSE closed at 15:30: its last minute is 15:29; MCX trades into the evening and keeps printing.
    expect(lastBar(nifty).time).toBe(istInstant(friday, 15, 29));
    expect(lastBar(gold).time).toBe(istInstant(friday, 16, 10));
    // A chart first asked for after the close answers the last session, with no bar at the time it was asked.
    const reliance = market.registry.bySymbol('NSE', 'RELIANCE-EQ')!.id;
    expect(lastBar(reliance).time).toBeLessThan(istInstant(friday, 15, 30));
    // Through the weekend and Monday's holiday (long pauses and an hour of steps in detail): nothing new.
    run(istInstant(monday, 11, 0));
    run(istInstant(monday, 12, 0) + 60_000);
    for (const id of [nifty, reliance]) expect(lastBar(id).time).toBeLessThan(istInstant(friday, 15, 30));
    expect(lastBar(gold).time).toBeLessThan(istInstant(friday + 1));
    const days = market.candles(nifty, 'day', istInstant(friday - 7), clock.now());
    expect(days.at(-1)!.time).toBe(istInstant(friday));
    // Tuesday's session opens at 09:15: the bars come back from then.
    run(istInstant(monday + 1, 9, 20));
    expect(lastBar(nifty).time).toBe(istInstant(monday + 1, 9, 20));
    expect(lastBar(reliance).time).toBe(istInstant(monday + 1, 9, 20));
  });

  it("starts an index's day candle from the day's range it carries over a restart", () => {
    const { clock, market, id, run } = setup();
    const nifty = id('NSE', 'NIFTY 50');
    market.quote(nifty);
    run(600);
    const before = market.quote(nifty)!;
    expect(before.high).toBeGreaterThan(before.low);
    const state = JSON.parse(JSON.stringify(market.state())) as ReturnType<Market['state']>;
    const resumed = new Market({ seed: 7, clock, mode: 'always', tickIntervalMs: 1000, resume: state });
    const bar = resumed.candles(nifty, 'day', istInstant(friday), clock.now()).at(-1)!;
    const quote = resumed.quote(nifty)!;
    expect(bar.time).toBe(istInstant(friday));
    expect({ open: bar.open, high: bar.high, low: bar.low, close: bar.close }).toEqual({
      open: quote.open,
      high: quote.high,
      low: quote.low,
      close: quote.lastPrice,
    });
    expect(quote.open).toBe(before.open);
  });

  it('gives the same last price and band as the quote, without the rest of it (priceBand)', () => {
    const { market, id, run } = setup();
    const ids = [id('NSE', 'RELIANCE-EQ'), id('NFO', 'NIFTY26NOVFUT'), id('NSE', 'NIFTY 50')];
    const bandOf = (q: Quote) => ({ lastPrice: q.lastPrice, lowerBand: q.lowerBand, upperBand: q.upperBand });
    for (const instrument of ids) expect(market.priceBand(instrument)).toEqual(bandOf(market.quote(instrument)!));
    run(30);
    market.submit(ids[0]!, order({ side: Side.Buy, quantity: 10, type: OrderType.Market }));
    for (const instrument of ids) expect(market.priceBand(instrument)).toEqual(bandOf(market.quote(instrument)!));
    expect(market.priceBand(ids[0]!)!.lowerBand).toBeGreaterThan(0);
    expect(market.priceBand('no-such-instrument')).toBeUndefined();
  });

  it('fully simulates a book once looked at: five levels each side, trades, a last price near fair value', () => {
    const { market, id, run } = setup();
    const reliance = id('NSE', 'RELIANCE-EQ');
    expect(market.isSimulated(reliance)).toBe(false);
    const first = market.quote(reliance)!;
    expect(market.isSimulated(reliance)).toBe(true);
    expect(market.isSimulated(id('NSE', 'TCS-EQ'))).toBe(false);
    expect(first.yearHigh).toBeGreaterThanOrEqual(first.close);
    expect(first.yearLow).toBeLessThanOrEqual(first.close);
    expect(first.yearLow).toBeGreaterThan(0);
    expect(first.close).toBe(151_890);
    expect(first.lowerBand).toBe(136_700);
    expect(first.upperBand).toBe(167_080);
    run(120);
    const quote = market.quote(reliance) as Tick;
    expect(quote.depth.bids).toHaveLength(5);
    expect(quote.depth.asks).toHaveLength(5);
    expect(quote.bidPrice).toBeLessThan(quote.askPrice);
    expect(quote.volume).toBeGreaterThan(0);
    const fair = market.fairPrice(reliance)!;
    expect(Math.abs(quote.lastPrice - fair) / fair).toBeLessThan(0.005);
    expect(quote.lastPrice % 10).toBe(0);
  });

  it('is deterministic for a seed and a clock', () => {
    const a = setup();
    const b = setup();
    for (const m of [a, b]) m.market.quote(m.id('NFO', 'NIFTY26NOVFUT'));
    a.run(90);
    b.run(90);
    const qa = a.market.quote(a.id('NFO', 'NIFTY26NOVFUT'))!;
    const qb = b.market.quote(b.id('NFO', 'NIFTY26NOVFUT'))!;
    expect(qa).toEqual(qb);
  });

  it('streams ticks to subscribers on every step until they unsubscribe', () => {
    const { market, id, run } = setup();
    const ticks: Tick[] = [];
    const stop = market.subscribe(id('NSE', 'INFY-EQ'), (t) => ticks.push(t));
    run(5);
    expect(ticks).toHaveLength(5);
    expect(ticks[4]!.depth.asks.length).toBeGreaterThan(0);
    stop();
    run(3);
    expect(ticks).toHaveLength(5);
  });

  it("fills a client's market order against the makers and reports it to order listeners", () => {
    const { market, id, run } = setup();
    const tcs = id('NSE', 'TCS-EQ');
    run(2);
    const heard: BookEvent[] = [];
    market.onOrderEvent((_instrument, e) => heard.push(e));
    const result = market.submit(tcs, order({ side: Side.Buy, quantity: 10, type: OrderType.Market, ref: 501 }));
    expect(result.rejectReason).toBeNull();
    expect(result.orderId).toBeGreaterThan(0);
    const filled = result.events
      .filter((e) => e.kind === 'traded')
      .reduce((s, e) => s + (e.kind === 'traded' ? e.quantity : 0), 0);
    expect(filled).toBe(10);
    expect(heard.some((e) => e.kind === 'traded' && e.buyRef === 501)).toBe(true);
    expect(market.submit(tcs, order({ side: Side.Buy, quantity: 1, price: 100 })).rejectReason).toBe(
      'PRICE_OUTSIDE_BAND',
    );
    expect(
      market.submit(market.registry.bySymbol('NSE', 'NIFTY 50')!.id, order({ side: Side.Buy, quantity: 1, price: 100 }))
        .rejectReason,
    ).toBe('NOT_TRADABLE');
    expect(market.submit('nope', order({ side: Side.Buy, quantity: 1, price: 100 })).rejectReason).toBe(
      'UNKNOWN_INSTRUMENT',
    );
  });

  it('opens INDIA VIX at its previous close (the reference level), not with a jump', () => {
    const { market, run } = setup();
    const vix = market.registry.bySymbol('NSE', 'INDIA VIX')!;
    const first = market.quote(vix.id)!;
    expect(first.close).toBe(972);
    expect(first.lastPrice).toBe(first.close);
    run(300);
    const later = market.quote(vix.id)!.lastPrice;
    expect(Math.abs(later - first.close) / first.close).toBeLessThan(0.1);
  });

  it('computes indices from constituents, INDIA VIX from implied volatility and prices options sensibly', () => {
    const { market, run } = setup();
    const nifty = market.registry.bySymbol('NSE', 'NIFTY 50')!;
    expect(market.quote(nifty.id)!.lastPrice).toBe(2_612_960);
    run(300);
    const level = market.quote(nifty.id)!.lastPrice;
    expect(level).not.toBe(2_612_960);
    expect(Math.abs(level - 2_612_960) / 2_612_960).toBeLessThan(0.03);
    const vix = market.quote(market.registry.bySymbol('NSE', 'INDIA VIX')!.id)!.lastPrice;
    expect(vix).toBeGreaterThan(600);
    expect(vix).toBeLessThan(2500);
    const call = market.fairPrice(market.registry.bySymbol('NFO', 'NIFTY26D0126100CE')!.id)!;
    const farCall = market.fairPrice(market.registry.bySymbol('NFO', 'NIFTY26D0126600CE')!.id)!;
    expect(call).toBeGreaterThan(farCall);
    expect(call).toBeGreaterThan(0);
    expect(call).toBeLessThan(level * 0.03);
    const future = market.fairPrice(market.registry.bySymbol('NFO', 'NIFTY26DECFUT')!.id)!;
    expect(future).toBeGreaterThan(level); // cost of carry: futures at a premium
  });

  it('under real hours moves each underlying only while its own market is open: MCX after NSE closes, CDS until 17:00', () => {
    const { market, run, clock } = setup('real', istInstant(friday, 16, 0));
    expect(market.status('NSE').status).toBe('closed');
    const prices = () => {
      const { SBIN, USDINR, GOLD } = market.state().prices;
      return { SBIN, USDINR, GOLD };
    };
    const atFour = prices();
    run(60);
    const later = prices();
    expect(later.SBIN).toBe(atFour.SBIN);
    expect(later.USDINR).not.toBe(atFour.USDINR);
    expect(later.GOLD).not.toBe(atFour.GOLD);

    clock.set(istInstant(friday, 17, 30));
    market.advance();
    const afterCds = prices();
    run(60);
    expect(prices().USDINR).toBe(afterCds.USDINR);
    expect(prices().SBIN).toBe(afterCds.SBIN);
    expect(prices().GOLD).not.toBe(afterCds.GOLD);
  });

  it("follows exchange hours in 'real' mode: after-market orders wait for the open", () => {
    const { market, id, run, clock } = setup('real', istInstant(friday, 8, 50));
    const sbin = id('NSE', 'SBIN-EQ');
    expect(market.status('NSE').status).toBe('closed');
    expect(market.submit(sbin, order({ side: Side.Buy, quantity: 5, price: 96_785 })).rejectReason).toBe(
      'MARKET_CLOSED',
    );
    const amo = market.submit(sbin, order({ side: Side.Buy, quantity: 5, type: OrderType.Market, amo: true, ref: 9 }));
    expect(amo.rejectReason).toBeNull();
    expect(market.book(sbin)!.order(amo.orderId)?.state).toBe(3);
    clock.set(istInstant(friday, 9, 14));
    market.advance();
    expect(market.status('NSE').status).toBe('pre-open');
    clock.set(istInstant(friday, 9, 16));
    market.advance();
    run(3);
    expect(market.status('NSE').status).toBe('open');
    expect(market.book(sbin)!.order(amo.orderId)).toBeUndefined(); // entered at the open and filled (or cancelled)
  });

  it('serves chart candles: history up to yesterday, then live bars', () => {
    const { market, id, run, clock } = setup();
    const infy = id('NSE', 'INFY-EQ');
    const before = market.candles(infy, 'day', istInstant(friday - 400), istInstant(friday + 1));
    expect(before.length).toBeGreaterThan(250);
    expect(before.at(-1)!.close).toBe(market.registry.byId(infy)!.referencePrice);
    market.quote(infy);
    run(180);
    const minutes = market.candles(infy, '1m', istInstant(friday, 10, 0), clock.now());
    expect(minutes.length).toBeGreaterThanOrEqual(3);
    expect(minutes.reduce((s, c) => s + c.volume, 0)).toBe(market.quote(infy)!.volume);
    expect(market.candles(infy, 'day', istInstant(friday), clock.now())).toHaveLength(1);
  });
});
