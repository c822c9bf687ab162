import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/clock.ts';
import { daysFromCivil, istInstant } from '../clock/ist.ts';
import { Market, type Tick } from './market.ts';

const start = istInstant(daysFromCivil(2026, 11, 20), 10, 0);
const EQUITIES = ['RELIANCE-EQ', 'TCS-EQ', 'INFY-EQ', 'HDFCBANK-EQ', 'ICICIBANK-EQ', 'SBIN-EQ', 'ITC-EQ', 'LT-EQ'];

/** A market stepping every 250 ms in `slices`, with the equities above watched; ticks collected as they go out. */
function watched(slices: number) {
  const clock = new VirtualClock(start);
  const market = new Market({ seed: 11, clock, mode: 'always', tickIntervalMs: 250, tickSlices: slices });
  const ids = EQUITIES.map((symbol) => market.registry.bySymbol('NSE', symbol)!.id);
  const ticks: Tick[] = [];
  for (const id of ids) market.subscribe(id, (tick) => ticks.push(tick));
  return { clock, market, ids, ticks };
}

describe('a step spread over slices', () => {
  it('sends each watched instrument one tick per step, a share of them in each slice', () => {
    const { clock, market, ids, ticks } = watched(5);
    const perSlice: number[] = [];
    const completed: number[] = [];
    for (let slice = 0; slice < 5; slice++) {
      clock.advance(50);
      const before = ticks.length;
      completed.push(market.advance());
      perSlice.push(ticks.length - before);
    }
    // Eight instruments dealt over five slices in turn, every one of them once in the step.
    expect(perSlice).toEqual([2, 2, 2, 1, 1]);
    expect(completed).toEqual([0, 0, 0, 0, 1]);
    expect(new Set(ticks.map((tick) => tick.id))).toEqual(new Set(ids));
    expect(ticks.map((tick) => tick.updatedAt - start)).toEqual([50, 50, 100, 100, 150, 150, 200, 250]);
  });

  it('runs every slice that is due in one advance: a whole step at once still ticks every instrument', () => {
    const { clock, market, ids, ticks } = watched(5);
    clock.advance(250 * 3);
    expect(market.advance()).toBe(3);
    expect(ticks).toHaveLength(ids.length * 3);
    for (const id of ids) expect(ticks.filter((tick) => tick.id === id)).toHaveLength(3);
  });

  it('moves prices by whole steps, so the price path is the same however a step is sliced', () => {
    const sliced = watched(5);
    const whole = watched(1);
    const unwatched = sliced.market.registry.bySymbol('NSE', 'WIPRO-EQ')!.id;
    for (let i = 0; i < 200; i++) {
      sliced.clock.advance(50);
      sliced.market.advance();
    }
    whole.clock.advance(250 * 40);
    whole.market.advance();
    expect(sliced.market.fairPrice(unwatched)).toBe(whole.market.fairPrice(unwatched));
  });

  it('is deterministic: the same seed and the same clock give the same ticks', () => {
    const runs = [watched(5), watched(5)].map(({ clock, market, ticks }) => {
      for (let i = 0; i < 400; i++) {
        clock.advance(50);
        market.advance();
      }
      return ticks.map((tick) => [tick.id, tick.updatedAt, tick.lastPrice, tick.volume, tick.depth.bids[0]?.price]);
    });
    expect(runs[0]!.length).toBeGreaterThan(0);
    expect(runs[0]).toEqual(runs[1]);
  });

  it('refuses a slice count that does not divide the step', () => {
    const clock = new VirtualClock(start);
    expect(() => new Market({ seed: 1, clock, tickIntervalMs: 250, tickSlices: 3 })).toThrow(/does not divide/);
  });
});
