import { describe, expect, it } from 'vitest';
import { medianOfPositive } from './median.ts';

describe('medianOfPositive', () => {
  it('takes the median of the values above zero, the middle pair averaged and rounded', () => {
    expect(medianOfPositive([])).toBe(0);
    expect(medianOfPositive([0, 0])).toBe(0);
    expect(medianOfPositive([0, 0, 5])).toBe(5);
    expect(medianOfPositive([0, 10, 2, 7])).toBe(7);
    expect(medianOfPositive([4, 1, 0, 2, 9])).toBe(3);
  });
});
