import { describe, expect, it } from 'vitest';
import { Market, VirtualClock, daysFromCivil, istInstant, tokenKey, type Instrument } from '@kite/exchange';
import { InProcessMarketDataBus, type MarketUpdate } from '../../stream/market-data-bus.ts';
import { MarketRuntime, tickSlicesFor } from './market-runtime.ts';

// A Friday, 10:00 IST: a fixed instant so the market is the same on every run.
const START = istInstant(daysFromCivil(2026, 11, 20), 10, 0);

function runtime(seed: number, tickIntervalMs = 250) {
  const bus = new InProcessMarketDataBus();
  const clock = new VirtualClock(START);
  const r = new MarketRuntime({ bus, clock, seed, mode: 'always', tickIntervalMs, autoAdvance: false });
  const step = (n: number) => {
    for (let i = 0; i < n; i++) {
      clock.advance(tickIntervalMs);
      r.advance();
    }
  };
  return { bus, clock, r, step };
}

function record(
  bus: InProcessMarketDataBus,
  feed: 'level1' | 'level2' | 'level3',
  key: string,
): { updates: MarketUpdate[]; stop: () => void } {
  const updates: MarketUpdate[] = [];
  const stop = bus.subscribe(feed, key, (u) => updates.push(u));
  return { updates, stop };
}

describe('market runtime', () => {
  it('publishes level 1 and depth of a watched instrument under both feeds, and the prices move', async () => {
    const { bus, r, step } = runtime(7);
    const legacy = record(bus, 'level1', 'NSE|RELIANCE');
    const segment = record(bus, 'level1', 'nse_cm|1037_NSE');
    const depth = record(bus, 'level2', 'NSE|RELIANCE');
    await Promise.resolve();
    expect(legacy.updates).toHaveLength(1); // at once, not at the next step
    expect(segment.updates).toHaveLength(1);
    expect(depth.updates).toHaveLength(1);
    step(40);
    expect(legacy.updates.length).toBeGreaterThanOrEqual(41);
    expect(segment.updates.length).toBe(legacy.updates.length);
    const last = legacy.updates.at(-1);
    if (last?.feed !== 'level1') throw new Error('expected level 1');
    expect(last.instrument).toEqual({
      exc: 'NSE',
      excSeg: 'nse_cm',
      streamSym: 'RELIANCE',
      xSym: '1037_NSE',
      decimals: 2,
    });
    expect(last.vol).toBeGreaterThan(0); // the noise trader trades against the market maker
    expect(last.bidPrice).not.toBeNull();
    expect(last.askPrice! - last.bidPrice!).toBeGreaterThan(0);
    expect(last.dprLow).toBeLessThan(last.ltp);
    expect(last.dprHigh).toBeGreaterThan(last.ltp);
    expect(last.marketCap).toBeGreaterThan(0);
    const prices = new Set(legacy.updates.map((u) => (u.feed === 'level1' ? u.ltp : 0)));
    expect(prices.size).toBeGreaterThan(1);
    const d = depth.updates.at(-1);
    if (d?.feed !== 'level2') throw new Error('expected depth');
    expect(d.bids).toHaveLength(5);
    expect(d.asks).toHaveLength(5);
    expect(d.bids[0]!.price).toBeGreaterThan(d.bids[1]!.price);
    expect(d.asks[0]!.price).toBeLessThan(d.asks[1]!.price);
    expect(r.market.isSimulated('1037')).toBe(true);
    r.stop();
  });

  it('ticks every index on every step without a subscriber asking for it', () => {
    const { bus, r, step } = runtime(3);
    const nifty = record(bus, 'level3', 'NSE|NIFTY 50');
    const sensex = record(bus, 'level3', 'bse_cm|1359_BSE');
    step(5);
    expect(nifty.updates.length).toBeGreaterThanOrEqual(5);
    expect(sensex.updates.length).toBeGreaterThanOrEqual(5);
    expect(r.stats.level3).toBeGreaterThanOrEqual(5 * 7);
    const u = nifty.updates.at(-1);
    if (u?.feed !== 'level3') throw new Error('expected index');
    expect(u.index.streamSym).toBe('NIFTY 50');
    expect(u.value).toBeGreaterThan(u.close * 0.9);
    r.stop();
  });

  it('stops publishing an instrument when its last subscriber leaves', () => {
    const { bus, r, step } = runtime(5);
    const a = record(bus, 'level1', 'NSE|TCS');
    const b = record(bus, 'level1', 'nse_cm|' + r.market.registry.bySymbol('NSE', 'TCS-EQ')!.xSym);
    step(2);
    a.stop();
    step(2);
    expect(r.watchedCount).toBe(1);
    const before = r.stats.level1;
    b.stop();
    expect(r.watchedCount).toBe(0);
    step(4);
    expect(r.stats.level1).toBe(before);
    r.stop();
  });

  it('keys M&M as M%26M so it fits in a channel', async () => {
    const { bus, r } = runtime(5);
    const mm = record(bus, 'level1', 'NSE|M%26M');
    await Promise.resolve();
    expect(mm.updates).toHaveLength(1);
    r.stop();
  });

  it('is deterministic for a seed and a clock, and another seed gives another market', () => {
    const run = (seed: number) => {
      const { bus, r, step } = runtime(seed);
      const l1 = record(bus, 'level1', 'NSE|INFY');
      const l2 = record(bus, 'level2', 'NSE|INFY');
      const idx = record(bus, 'level3', 'NSE|NIFTY BANK');
      step(30);
      r.stop();
      return JSON.stringify([l1.updates, l2.updates, idx.updates]);
    };
    const first = run(11);
    expect(run(11)).toBe(first);
    expect(run(12)).not.toBe(first);
  });

  it('stops cleanly: no timer, no more steps, no more publishing', async () => {
    const bus = new InProcessMarketDataBus();
    const clock = new VirtualClock(START);
    const r = new MarketRuntime({ bus, clock, seed: 1, mode: 'always', tickIntervalMs: 20, autoAdvance: true });
    expect(r.running).toBe(false); // nothing is built before first use
    const ticks = record(bus, 'level1', 'NSE|SBIN');
    expect(r.running).toBe(true);
    clock.advance(1000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(r.stats.steps).toBeGreaterThan(0);
    r.stop();
    expect(r.running).toBe(false);
    const count = ticks.updates.length;
    const steps = r.stats.steps;
    clock.advance(1000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(r.advance()).toBe(0);
    expect(ticks.updates.length).toBe(count);
    expect(r.stats.steps).toBe(steps);
  });

  it("sends a step's ticks a slice at a time, every 25 ms: each watched instrument once per step", async () => {
    const { bus, clock, r } = runtime(5);
    const symbols = ['RELIANCE', 'TCS', 'INFY', 'HDFCBANK', 'ICICIBANK', 'SBIN', 'ITC', 'LT', 'WIPRO', 'AXISBANK'];
    const watched = symbols.map((symbol) => record(bus, 'level1', `NSE|${symbol}`));
    await Promise.resolve();
    const seen = () => watched.reduce((total, w) => total + w.updates.length, 0);
    const first = seen();
    const perSlice: number[] = [];
    for (let slice = 0; slice < 10; slice++) {
      const before = seen();
      clock.advance(25);
      r.advance();
      perSlice.push(seen() - before);
    }
    expect(tickSlicesFor(250)).toBe(10);
    expect(perSlice).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(seen() - first).toBe(symbols.length);
    for (const w of watched) expect(w.updates).toHaveLength(2); // the first value at once, then the step's tick
    expect(r.stats.steps).toBe(1);
  });

  it('keeps a step whole when it is not a number of 25 ms slices', () => {
    expect(tickSlicesFor(1000)).toBe(40);
    expect(tickSlicesFor(20)).toBe(1);
    expect(tickSlicesFor(30)).toBe(1);
  });
});

describe('market runtime: instrument tokens', () => {
  const tokensRuntime = (save: (numbered: readonly Instrument[]) => Promise<void>, errors: unknown[] = []) =>
    new MarketRuntime({
      bus: new InProcessMarketDataBus(),
      clock: new VirtualClock(START),
      seed: 1,
      mode: 'always',
      tickIntervalMs: 250,
      autoAdvance: false,
      saveTokens: save,
      onError: (error) => errors.push(error),
    });

  it('builds with the kept tokens, hands over only the contracts it numbered, and start() waits for their save', async () => {
    const earlier = new Market({ seed: 1, clock: new VirtualClock(istInstant(daysFromCivil(2026, 10, 14), 10, 0)) });
    let release = () => {};
    const saved: (readonly Instrument[])[] = [];
    const r = tokensRuntime(async (numbered) => {
      saved.push(numbered);
      await new Promise<void>((resolve) => (release = resolve));
    });
    expect(r.useTokens(earlier.tokens)).toBe(true);
    let started = false;
    const start = r.start().then(() => (started = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toBe(false);
    release();
    await start;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toBe(r.market.numbered);
    expect(saved[0]!.length).toBeGreaterThan(0);
    for (const i of saved[0]!) expect(earlier.tokens.has(tokenKey(i.exc, i.trSymbol))).toBe(false);
    const future = earlier.registry.bySymbol('NFO', 'NIFTY26DECFUT')!;
    expect(r.market.registry.byId(future.id)?.trSymbol).toBe('NIFTY26DECFUT');
    expect(r.useTokens(new Map())).toBe(false); // built: too late
    r.stop();
  });

  it('a failed save is reported and start() rejects: the server does not listen', async () => {
    const errors: unknown[] = [];
    const r = tokensRuntime(() => Promise.reject(new Error('database away')), errors);
    await expect(r.start()).rejects.toThrow('database away');
    expect(errors).toHaveLength(1);
    r.stop();
  });
});
