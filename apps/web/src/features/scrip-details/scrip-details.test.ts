import { describe, expect, it } from 'vitest';
import { chartSeconds } from '../market-data/chart-time.ts';
import { liveStep } from './intraday-live.ts';
import { rangePosition } from './quote-view.ts';

describe('scrip details helpers', () => {
  it('places the range marker between low and high, clamped', () => {
    expect(rangePosition(100, 200, 150)).toBe(50);
    expect(rangePosition(100, 200, 250)).toBe(100);
    expect(rangePosition(100, 100, 100)).toBeNull();
    expect(rangePosition(null, 200, 150)).toBeNull();
  });

  it("starts the intraday chart again with a new session's first trade, instead of joining it to the last session", () => {
    const at = (ist: string) => chartSeconds(ist) ?? Number.NaN;
    const lastOfFriday = at('2026-11-27 15:29:00');
    expect(liveStep(lastOfFriday, at('2026-11-27 15:29:00'))).toBe('update');
    expect(liveStep(lastOfFriday, at('2026-11-27 15:30:00'))).toBe('update');
    expect(liveStep(lastOfFriday, at('2026-11-27 15:28:00'))).toBe('ignore');
    expect(liveStep(lastOfFriday, at('2026-11-30 09:15:00'))).toBe('restart');
  });
});
