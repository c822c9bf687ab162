import { describe, expect, it } from 'vitest';
import { percentOfPrice } from './price.ts';

describe('a percent of a price on a grid', () => {
  it('rounds up or down to the step', () => {
    // 123,456 x 97% = 119,752.32; x 102% = 125,925.12.
    expect(percentOfPrice(123_456, 97, 10, 'down')).toBe(119_750);
    expect(percentOfPrice(123_456, 97, 10, 'up')).toBe(119_760);
    expect(percentOfPrice(123_456, 102, 5, 'down')).toBe(125_925);
    expect(percentOfPrice(123_456, 102, 5, 'up')).toBe(125_930);
  });
  it('keeps a result already on the grid, rounded either way', () => {
    expect(percentOfPrice(100_000, 95, 10, 'down')).toBe(95_000);
    expect(percentOfPrice(100_000, 95, 10, 'up')).toBe(95_000);
    expect(percentOfPrice(2_990, 10, 1, 'up')).toBe(299);
    expect(percentOfPrice(2_990, 10, 1, 'down')).toBe(299);
  });
});
