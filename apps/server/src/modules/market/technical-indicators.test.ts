import { describe, expect, it } from 'vitest';
import {
  countSignals,
  ema,
  emaSeries,
  macd,
  macdSignal,
  movingAverageSignal,
  pivots,
  positionOf,
  readingSignal,
  rsi,
  rsiReading,
  sma,
  stochastic,
  stochasticReading,
  verdictOf,
} from './technical-indicators.ts';

// Wilder's RSI example (New Concepts in Technical Trading Systems, as StockCharts reproduces it), in paise.
const WILDER = [
  4434, 4409, 4415, 4361, 4433, 4483, 4510, 4542, 4584, 4608, 4589, 4603, 4561, 4628, 4628, 4600, 4603, 4641, 4622,
  4564, 4621, 4625, 4571, 4645, 4578, 4535, 4403, 4418, 4422, 4457, 4342, 4266, 4313,
];

describe('simple moving average', () => {
  it('averages the last n values, rounding halves away from zero', () => {
    expect(sma([10, 20, 30, 40], 3)).toBe(30);
    expect(sma([1, 2], 2)).toBe(2);
    expect(sma([-1, -2], 2)).toBe(-2);
    expect(sma([1, 2, 2], 3)).toBe(2);
    expect(sma([1, 1, 2], 3)).toBe(1);
  });

  it('is missing with too short a history', () => {
    expect(sma([1, 2], 3)).toBeNull();
  });

  it('sums in BigInt: no precision lost past 2^53', () => {
    const big = Number.MAX_SAFE_INTEGER;
    expect(sma([big, big - 2], 2)).toBe(big - 1);
  });
});

describe('exponential moving average', () => {
  it('seeds with the SMA, then adds round(2 * (close - EMA) / (n + 1)) each day', () => {
    // n = 3: seed (10 + 11 + 12) / 3 = 11; 11 + round(2 * 2 / 4) = 12; 12 + round(2 * 8 / 4) = 16.
    expect(emaSeries([10, 11, 12, 13, 20], 3)).toEqual([11, 12, 16]);
    expect(ema([10, 11, 12, 13, 20], 3)).toBe(16);
  });

  it('rounds each step half away from zero', () => {
    expect(emaSeries([10, 10, 10, 11], 3)).toEqual([10, 11]);
    expect(emaSeries([10, 10, 10, 9], 3)).toEqual([10, 9]);
    // 2 * 1 / 5 = 0.4 rounds to no move: the EMA rests on whole price units.
    expect(emaSeries([0, 0, 0, 0, 1], 4)).toEqual([0, 0]);
  });

  it('is missing with too short a history', () => {
    expect(emaSeries([1, 2], 3)).toEqual([]);
    expect(ema([1, 2], 3)).toBeNull();
  });
});

describe('MACD', () => {
  it('is EMA(fast) - EMA(slow) with an EMA signal line', () => {
    // EMA(2): 11, 13, 13, 16; EMA(3): 12, 13, 15; line 1, 0, 1; signal EMA(2): seed round(0.5) = 1, then 1.
    expect(macd([10, 12, 14, 13, 17], 2, 3, 2)).toEqual({ macd: 1, signal: 1, histogram: 0 });
    expect(macd([10, 12, 14, 13], 2, 3, 2)).toEqual({ macd: 0, signal: 1, histogram: -1 });
  });

  it('needs 26 closes for the line and 34 for the signal at (12, 26, 9)', () => {
    const closes = Array.from({ length: 34 }, (_, i) => 1000 + i * 10);
    expect(macd(closes.slice(0, 25))).toBeNull();
    expect(macd(closes.slice(0, 26))).toMatchObject({ signal: null, histogram: null });
    expect(macd(closes)?.signal).not.toBeNull();
    // A steady rise: the fast EMA leads the slow one by (26 - 12) / 2 steps of 10.
    expect(macd(closes.slice(0, 26))?.macd).toBe(70);
  });
});

describe('RSI (Wilder)', () => {
  it("matches Wilder's example, exact to the last rounding", () => {
    // First: gains 3.34, losses 1.40 over 14 changes -> 100 * 3.34 / 4.74 = 70.464.
    const values = Array.from({ length: WILDER.length - 14 }, (_, i) => rsi(WILDER.slice(0, 15 + i)));
    expect(values).toEqual([
      7046, 6625, 6648, 6935, 6629, 5792, 6288, 6321, 5601, 6234, 5467, 5039, 4002, 4149, 4190, 4550, 3732, 3309, 3779,
    ]);
  });

  it('reads 100 when only rising, 0 when only falling, 50 when flat, and is missing with 14 closes', () => {
    expect(rsi(Array.from({ length: 15 }, (_, i) => 100 + i))).toBe(10_000);
    expect(rsi(Array.from({ length: 15 }, (_, i) => 100 - i))).toBe(0);
    expect(rsi(Array.from({ length: 20 }, () => 100))).toBe(5_000);
    expect(rsi(WILDER.slice(0, 14))).toBeNull();
  });

  it('rounds the ratio once, half away from zero', () => {
    // n = 1: only the last change counts, a rise -> 100.
    expect(rsi([0, 1, 0, 7], 1)).toBe(10_000);
    // n = 2: gain 1, loss 19,999 -> 0.005 -> 0.01 (half away from zero); gain 1, loss 7 -> 12.50 exactly.
    expect(rsi([20_000, 1, 2], 2)).toBe(1);
    expect(rsi([7, 0, 1], 2)).toBe(1_250);
    // gain 1, loss 2 -> 33.333 -> 33.33; gain 2, loss 1 -> 66.667 -> 66.67.
    expect(rsi([2, 0, 1], 2)).toBe(3_333);
    expect(rsi([1, 0, 2], 2)).toBe(6_667);
  });
});

describe('stochastic', () => {
  it('%K is where the close stands in the k-bar range; %D the exact mean of d %K values, rounded once', () => {
    const bars = [
      { high: 3, low: 0, close: 1 },
      // Bars 1-2: range 0..3, close 2 -> 2/3.
      { high: 3, low: 1, close: 2 },
      // Bars 2-3: range 1..9, close 2 -> 1/8.
      { high: 9, low: 1, close: 2 },
    ];
    // %D = (2/3 + 1/8) / 2 = 39.583 -> 39.58 (rounding each %K first would give (66.67 + 12.50) / 2 = 39.59).
    expect(stochastic(bars, 2, 2)).toEqual({ k: 1_250, d: 3_958 });
    expect(stochastic(bars.slice(0, 2), 2, 2)).toEqual({ k: 6_667, d: null });
    expect(stochastic(bars.slice(0, 1), 2, 2)).toBeNull();
  });

  it('rounds %K half away from zero and reads a flat range as 50', () => {
    expect(stochastic([{ high: 32, low: 0, close: 1 }], 1, 1)).toEqual({ k: 313, d: 313 });
    const flat = Array.from({ length: 16 }, () => ({ high: 500, low: 500, close: 500 }));
    expect(stochastic(flat)).toEqual({ k: 5_000, d: 5_000 });
  });
});

describe('classic pivots', () => {
  it('are P = (H + L + C) / 3 and its levels', () => {
    expect(pivots({ high: 110, low: 90, close: 100 })).toEqual({
      pivot: 100,
      r1: 110,
      s1: 90,
      r2: 120,
      s2: 80,
      r3: 130,
      s3: 70,
    });
  });

  it('round each level once from the exact pivot, not from a rounded one', () => {
    // P = 301 / 3 = 100.333; R1 = 2P - L = 100.667 -> 101 (2 * 100 - 100 would give 100).
    expect(pivots({ high: 101, low: 100, close: 100 })).toEqual({
      pivot: 100,
      r1: 101,
      s1: 100,
      r2: 101,
      s2: 99,
      r3: 102,
      s3: 99,
    });
    // Negative prices (a spread): P = -7 / 3 = -2.333 -> -2; S1 = 2P - H = -3.667 -> -4.
    expect(pivots({ high: -1, low: -4, close: -2 })).toMatchObject({ pivot: -2, s1: -4, r1: -1 });
  });
});

describe('signals and summary', () => {
  it('reads each indicator by its rule', () => {
    expect([positionOf(101, 100), positionOf(99, 100), positionOf(100, 100)]).toEqual(['above', 'below', 'at']);
    expect(['above', 'below', 'at'].map((p) => movingAverageSignal(p as 'above'))).toEqual([
      'bullish',
      'bearish',
      'neutral',
    ]);
    expect([rsiReading(7_001), rsiReading(7_000), rsiReading(3_000), rsiReading(2_999)]).toEqual([
      'overbought',
      'neutral',
      'neutral',
      'oversold',
    ]);
    expect([
      stochasticReading(8_001),
      stochasticReading(8_000),
      stochasticReading(2_000),
      stochasticReading(1_999),
    ]).toEqual(['overbought', 'neutral', 'neutral', 'oversold']);
    expect([readingSignal('overbought'), readingSignal('oversold'), readingSignal('neutral')]).toEqual([
      'bearish',
      'bullish',
      'neutral',
    ]);
    expect(macdSignal({ macd: 5, signal: 3 })).toBe('bullish');
    expect(macdSignal({ macd: 3, signal: 5 })).toBe('bearish');
    expect(macdSignal({ macd: 3, signal: 3 })).toBe('neutral');
    expect(macdSignal({ macd: 3, signal: null })).toBeNull();
  });

  it('counts what is given and leaves missing indicators out', () => {
    const counts = countSignals(['bullish', null, 'bearish', 'bullish', 'neutral', null]);
    expect(counts).toEqual({ bullish: 2, bearish: 1, neutral: 1, total: 4 });
    expect(verdictOf(counts)).toBe('bullish');
    expect(verdictOf({ bullish: 1, bearish: 1, neutral: 0, total: 2 })).toBe('neutral');
    expect(verdictOf({ bullish: 0, bearish: 2, neutral: 5, total: 7 })).toBe('bearish');
  });
});
