import { describe, expect, it } from 'vitest';
import { placePopup } from './popup-placement.ts';

const viewport = { width: 1366, height: 768 };
const popup = { width: 300, height: 380 };

describe('placePopup: the date picker popup stays in the window', () => {
  it('opens below the field when it fits', () => {
    expect(placePopup({ top: 100, left: 40, width: 140, height: 32 }, popup, viewport)).toEqual({
      top: 136,
      left: 40,
      side: 'below',
    });
  });

  it('flips up when there is no room below (a field near the footer at 1366x768)', () => {
    expect(placePopup({ top: 600, left: 40, width: 140, height: 32 }, popup, viewport)).toEqual({
      top: 216,
      left: 40,
      side: 'above',
    });
  });

  it('keeps inside the window when neither side has room, and moves left at the right edge', () => {
    const low = { width: 300, height: 700 };
    const placed = placePopup({ top: 300, left: 1200, width: 140, height: 32 }, low, viewport);
    expect(placed.top).toBeGreaterThanOrEqual(4);
    expect(placed.top + low.height).toBeLessThanOrEqual(768 - 4);
    expect(placed.left).toBe(1366 - 300 - 4);
  });
});
