import { describe, expect, it } from 'vitest';
import { Market, VirtualClock } from '@kite/exchange';
import { topMovers } from './top-movers.ts';

// 20 Nov 2026 10:00 IST.
const start = 1_795_149_000_000;

/** A chngPer text as hundredths of a percent. */
const hundredths = (text: string) => Math.round(Number(text) * 100);

describe('top movers', () => {
  it('answers each list in the order of the changes it shows, also for books resumed after a restart', () => {
    const clock = new VirtualClock(start);
    const first = new Market({ seed: 3, clock, mode: 'always', tickIntervalMs: 1000 });
    const stocks = first.registry.all().filter((i) => i.exc === 'NSE' && i.instr === 'STK');
    // Every stock traded before the restart, so each has a book day to resume with its last price of then.
    for (const stock of stocks) first.quote(stock.id);
    for (let step = 0; step < 30; step++) {
      clock.advance(1000);
      first.advance();
    }
    const state = first.state();
    clock.advance(20 * 60_000);
    const resumed = new Market({ seed: 3, clock, mode: 'always', tickIntervalMs: 1000, resume: state });
    for (const direction of ['gainers', 'losers'] as const) {
      const changes = topMovers(resumed, 'NSE', null, direction, 10).map((q) => hundredths(q.chngPer));
      expect(changes.length).toBeGreaterThan(3);
      expect(changes.every((c) => (direction === 'gainers' ? c > 0 : c < 0))).toBe(true);
      expect(changes).toEqual([...changes].sort((a, b) => (direction === 'gainers' ? b - a : a - b)));
    }
  });
});
