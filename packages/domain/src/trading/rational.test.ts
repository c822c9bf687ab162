import { describe, expect, it } from 'vitest';
import { divRoundHalfUp } from './rational.ts';

describe('divRoundHalfUp', () => {
  it('divides half away from zero, either sign, and refuses a denominator that is not positive', () => {
    expect(
      [
        [3n, 2n],
        [-3n, 2n],
        [5n, 4n],
        [-5n, 4n],
        [7n, 4n],
      ].map(([n, d]) => divRoundHalfUp(n!, d!)),
    ).toEqual([2, -2, 1, -1, 2]);
    expect(() => divRoundHalfUp(1n, 0n)).toThrow(RangeError);
    expect(() => divRoundHalfUp(2n ** 60n, 1n)).toThrow(RangeError);
  });
});
