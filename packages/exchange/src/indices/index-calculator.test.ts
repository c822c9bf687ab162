import { describe, expect, it } from 'vitest';
import { IndexCalculator } from './index-calculator.ts';

describe('IndexCalculator', () => {
  const calc = new IndexCalculator(
    2_612_960,
    [
      { key: 'A', basePrice: 100 },
      { key: 'B', basePrice: 200 },
      { key: 'C', basePrice: 50 },
    ],
    { A: 50 },
  );

  it('starts at the base level and spreads the unassigned weight equally', () => {
    expect(calc.level((k) => ({ A: 100, B: 200, C: 50 })[k]!)).toBeCloseTo(2_612_960, 6);
    expect(calc.weightOf('A')).toBeCloseTo(0.5);
    expect(calc.weightOf('B')).toBeCloseTo(0.25);
  });

  it('moves with each constituent by its weight', () => {
    // A up 10% with half the weight: the index is up 5%.
    expect(calc.level((k) => ({ A: 110, B: 200, C: 50 })[k]!)).toBeCloseTo(2_612_960 * 1.05, 6);
  });
});
