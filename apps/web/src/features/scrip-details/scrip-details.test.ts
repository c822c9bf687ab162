import { describe, expect, it } from 'vitest';
import { rangePosition } from './quote-view.ts';

describe('scrip details helpers', () => {
  it('places the range marker between low and high, clamped', () => {
    expect(rangePosition(100, 200, 150)).toBe(50);
    expect(rangePosition(100, 200, 250)).toBe(100);
    expect(rangePosition(100, 100, 100)).toBeNull();
    expect(rangePosition(null, 200, 150)).toBeNull();
  });
});
