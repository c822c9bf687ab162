import { describe, expect, it } from 'vitest';
import { median, percentile } from './percentile.ts';

describe('percentile', () => {
  it('takes the nearest rank of ascending samples, and 0 for none', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(hundred, 0.5), percentile(hundred, 0.99), percentile(hundred, 1)]).toEqual([51, 100, 100]);
    expect(percentile(new Float64Array([3, 7]), 0.5)).toBe(7);
    expect(percentile([], 0.99)).toBe(0);
  });

  it('takes the median of unsorted samples without reordering them', () => {
    const samples = [8.2, 7.3, 7.6, 7.3, 7.5];
    expect(median(samples)).toBe(7.5);
    expect(samples).toEqual([8.2, 7.3, 7.6, 7.3, 7.5]);
    expect(median([])).toBe(0);
  });
});
