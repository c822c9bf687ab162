import { describe, expect, it } from 'vitest';
import { defaultWindow } from './OrderBookTab.tsx';

describe('IPO order book window (investing.md 9: ten days back to today)', () => {
  it('ends on the IST day, not the browser’s: at 19:30 UTC on 27 Nov it is already 28 Nov in India', () => {
    expect(defaultWindow(Date.UTC(2026, 10, 27, 19, 30))).toEqual({ from: '18/11/2026', to: '28/11/2026' });
  });

  it('at 10:00 UTC both calendars agree', () => {
    expect(defaultWindow(Date.UTC(2026, 10, 27, 10, 0))).toEqual({ from: '17/11/2026', to: '27/11/2026' });
  });
});
