import { describe, expect, it } from 'vitest';
import { decimalToUnits, equityTick, indexFutureTick, roundToTick, tickFor } from './tick-size.ts';

describe('tick sizes (market-facts 3.1)', () => {
  it('follows the NSE price-linked table for equities', () => {
    expect([24_999, 25_000, 99_999, 100_000, 499_999, 500_000, 999_999, 1_000_000, 2_000_000].map(equityTick)).toEqual([
      1, 5, 5, 10, 10, 50, 50, 100, 500,
    ]);
  });

  it('uses index-level ticks for index futures, 0.05 for options and 0.0025 for currency', () => {
    expect(indexFutureTick(1_500_000)).toBe(5);
    expect(indexFutureTick(2_612_960)).toBe(10);
    expect(indexFutureTick(8_522_060)).toBe(20);
    expect(tickFor('OPTIDX', 10)).toBe(5);
    expect(tickFor('FUTCUR', 885_000)).toBe(25);
  });

  it('parses decimal prices exactly and rounds to the tick', () => {
    expect(decimalToUnits('2516.8', 2)).toBe(251_680);
    expect(decimalToUnits('88.5', 4)).toBe(885_000);
    expect(() => decimalToUnits('1.234', 2)).toThrow();
    expect(roundToTick(251_683, 10)).toBe(251_680);
    expect(roundToTick(2, 5)).toBe(5);
  });
});
