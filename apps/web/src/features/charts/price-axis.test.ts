import { describe, expect, it } from 'vitest';
import { MIN_SCALE_TICKS, priceRangeAtLeast, tickLabels, tickUnitsOf } from './price-axis.ts';

describe("the price scale at the instrument's ticks", () => {
  it("reads the tick from the quote's tickSize, one unit until the quote answers", () => {
    expect(tickUnitsOf('0.10', 2)).toBe(10);
    expect(tickUnitsOf('0.0025', 4)).toBe(25);
    expect(tickUnitsOf('1.00', 2)).toBe(100);
    expect(tickUnitsOf(null, 2)).toBe(1);
    expect(tickUnitsOf('0.00', 2)).toBe(1);
  });

  it('widens a single flat bar to whole ticks around it, and leaves a taller range alone', () => {
    // RELIANCE flat at 1,518.90 with a 0.10 tick: 1,518.40 to 1,519.40.
    expect(priceRangeAtLeast({ minValue: 151_890, maxValue: 151_890 }, 10)).toEqual({
      minValue: 151_840,
      maxValue: 151_940,
    });
    // Off the tick grid (a 4-decimal price with a 0.0025 tick): the ends still land on whole ticks.
    const currency = priceRangeAtLeast({ minValue: 831_234, maxValue: 831_240 }, 25);
    expect([currency.minValue % 25, currency.maxValue % 25]).toEqual([0, 0]);
    expect(currency.minValue).toBeLessThanOrEqual(831_234);
    expect(currency.maxValue).toBeGreaterThanOrEqual(831_240);
    expect(currency.maxValue - currency.minValue).toBeGreaterThanOrEqual(MIN_SCALE_TICKS * 25);
    const tall = { minValue: 147_600, maxValue: 152_400 };
    expect(priceRangeAtLeast(tall, 10)).toBe(tall);
  });

  it('labels marks on whole ticks at the price decimals and leaves those between ticks blank', () => {
    // The library's marks one unit apart (what a flat bar drew: 1,518.91, 1,518.92, ...) on a 0.10 tick.
    expect(tickLabels([151_910, 151_901, 151_900, 151_899.99999999997, 151_890], 10, 2)).toEqual([
      '1,519.10',
      '',
      '1,519.00',
      '1,519.00',
      '1,518.90',
    ]);
    // A 2.5-unit step never labels a quarter: 0.0025 ticks at 4 decimals.
    expect(tickLabels([831_250, 831_262.5, 831_275], 25, 4)).toEqual(['83.1250', '', '83.1275']);
    expect(tickLabels([100_001, 100_000], 1, 2)).toEqual(['1,000.01', '1,000.00']);
  });
});
