import { describe, expect, it } from 'vitest';
import { formatScaled, mulDivRound, parseScaled } from './decimal.ts';

describe('exact decimals', () => {
  it('parses strings and numbers into scaled integers', () => {
    expect(parseScaled('1234.05', 2)).toBe(123405);
    expect(parseScaled(1234.05, 2)).toBe(123405);
    expect(parseScaled('0.1', 2)).toBe(10);
    expect(parseScaled('85.2525', 4)).toBe(852525);
    expect(parseScaled('-0.05', 2)).toBe(-5);
    expect(parseScaled('12.500', 2)).toBe(1250);
  });
  it('refuses what is not an exact decimal of the allowed precision', () => {
    expect(parseScaled('1.234', 2)).toBeNull();
    expect(parseScaled('abc', 2)).toBeNull();
    expect(parseScaled('1e5', 2)).toBeNull();
    expect(parseScaled(Number.NaN, 2)).toBeNull();
    expect(parseScaled('', 2)).toBeNull();
  });
  it('formats scaled integers back', () => {
    expect(formatScaled(123405, 2)).toBe('1234.05');
    expect(formatScaled(5, 2)).toBe('0.05');
    expect(formatScaled(-5, 4)).toBe('-0.0005');
  });
  it('rounds half away from zero in integer arithmetic', () => {
    expect(mulDivRound(15, 1, 10)).toBe(2);
    expect(mulDivRound(-15, 1, 10)).toBe(-2);
    expect(mulDivRound(14, 1, 10)).toBe(1);
    expect(mulDivRound(9_000_000_000_000, 3, 10_000)).toBe(2_700_000_000);
  });
});
