import { divRoundHalfUp } from '@kite/domain';

/**
 * Technical indicators of a scrip page's "Technicals" section, over daily bars in integer price units
 * (10^-priceDecimals rupee). No binary floating point: sums are BigInt, every division rounds once, half away from
 * zero, and the rounding step of each indicator is named in its comment. Prices (averages, MACD, pivots) come out in
 * price units; ratios (RSI, stochastic) in hundredths of a percent point (7053 is 70.53), kept exact until that one
 * rounding.
 */

export interface Bar {
  high: number;
  low: number;
  close: number;
}

export type Signal = 'bullish' | 'bearish' | 'neutral';
export type Position = 'above' | 'below' | 'at';
export type Reading = 'overbought' | 'oversold' | 'neutral';

/** SMA(n) of the last n values: round(sum / n). Null when there are fewer than n values. */
export function sma(values: readonly number[], n: number): number | null {
  if (values.length < n || n < 1) return null;
  let sum = 0n;
  for (const v of values.slice(-n)) sum += BigInt(v);
  return divRoundHalfUp(sum, BigInt(n));
}

/**
 * EMA(n) along the values, from the n-th on (result[i] belongs to values[i + n - 1]); empty when there are fewer
 * than n. Seeded with SMA(n) of the first n values, then EMA_t = EMA_{t-1} + round(2 * (v_t - EMA_{t-1}) / (n + 1)):
 * one rounding per step, so an EMA stays a whole price unit (and may rest up to (n + 1) / 4 units short of a flat
 * price, the cost of staying in price units).
 */
export function emaSeries(values: readonly number[], n: number): number[] {
  const seed = sma(values.slice(0, n), n);
  if (seed === null) return [];
  const out = [seed];
  let ema = BigInt(seed);
  const divisor = BigInt(n + 1);
  for (const v of values.slice(n)) {
    ema += BigInt(divRoundHalfUp(2n * (BigInt(v) - ema), divisor));
    out.push(Number(ema));
  }
  return out;
}

export function ema(values: readonly number[], n: number): number | null {
  return emaSeries(values, n).at(-1) ?? null;
}

export interface Macd {
  /** EMA(fast) - EMA(slow) of the closes: exact, from the two rounded EMAs. */
  macd: number;
  /** EMA(signal) of the MACD line (rounded as `emaSeries`); null until the line has that many values. */
  signal: number | null;
  /** MACD - signal. */
  histogram: number | null;
}

/** MACD(fast, slow) with its signal line; null when there are fewer closes than `slow`. */
export function macd(closes: readonly number[], fast = 12, slow = 26, signalPeriod = 9): Macd | null {
  const slowSeries = emaSeries(closes, slow);
  if (slowSeries.length === 0) return null;
  const fastSeries = emaSeries(closes, fast).slice(slow - fast);
  const line = slowSeries.map((s, i) => fastSeries[i]! - s);
  const signal = ema(line, signalPeriod);
  const last = line.at(-1)!;
  return { macd: last, signal, histogram: signal === null ? null : last - signal };
}

/**
 * RSI(n) with Wilder's smoothing, in hundredths: the first average gain and loss are the plain means of the first n
 * changes, then avg_t = ((n - 1) * avg_{t-1} + change_t) / n. Both averages are kept as exact fractions over one
 * common denominator (n^k, which cancels), so RSI = 100 * gain / (gain + loss) is rounded once, at the end. Null with
 * fewer than n + 1 closes; 50.00 when the closes never moved (no gain and no loss).
 */
export function rsi(closes: readonly number[], n = 14): number | null {
  if (closes.length < n + 1 || n < 1) return null;
  let gain = 0n;
  let loss = 0n;
  let scale = BigInt(n);
  const keep = BigInt(n - 1);
  for (let i = 1; i < closes.length; i++) {
    const change = BigInt(closes[i]!) - BigInt(closes[i - 1]!);
    const [up, down] = change > 0n ? [change, 0n] : [0n, -change];
    if (i <= n) {
      gain += up;
      loss += down;
    } else {
      gain = keep * gain + up * scale;
      loss = keep * loss + down * scale;
      scale *= BigInt(n);
    }
  }
  if (gain + loss === 0n) return 5_000;
  return divRoundHalfUp(10_000n * gain, gain + loss);
}

export interface Stochastic {
  /** %K(k) in hundredths: 100 * (close - lowest low) / (highest high - lowest low) over the last k bars. */
  k: number;
  /** %D(d): the mean of the last d exact %K values, rounded once; null with fewer than k + d - 1 bars. */
  d: number | null;
}

/** %K as an exact fraction; a bar range of zero (no movement) reads 1/2, the middle of the range. */
function stochasticFraction(bars: readonly Bar[]): [bigint, bigint] {
  const highest = Math.max(...bars.map((b) => b.high));
  const lowest = Math.min(...bars.map((b) => b.low));
  if (highest === lowest) return [1n, 2n];
  return [BigInt(bars.at(-1)!.close - lowest), BigInt(highest - lowest)];
}

/** Fast stochastic %K(k) and %D(d); null with fewer than k bars. */
export function stochastic(bars: readonly Bar[], k = 14, d = 3): Stochastic | null {
  if (bars.length < k || k < 1) return null;
  const [kNum, kDen] = stochasticFraction(bars.slice(-k));
  const percentK = divRoundHalfUp(10_000n * kNum, kDen);
  if (bars.length < k + d - 1) return { k: percentK, d: null };
  // Sum of d fractions over the product of their denominators, then one division by d.
  let num = 0n;
  let den = 1n;
  for (let i = 0; i < d; i++) {
    const end = bars.length - i;
    const [n, m] = stochasticFraction(bars.slice(end - k, end));
    num = num * m + n * den;
    den *= m;
  }
  return { k: percentK, d: divRoundHalfUp(10_000n * num, den * BigInt(d)) };
}

export interface Pivots {
  pivot: number;
  r1: number;
  r2: number;
  r3: number;
  s1: number;
  s2: number;
  s3: number;
}

/**
 * Classic (floor) pivots of one completed bar: P = (H + L + C) / 3, R1 = 2P - L, S1 = 2P - H, R2 = P + (H - L),
 * S2 = P - (H - L), R3 = H + 2(P - L), S3 = L - 2(H - P). Each level is its exact value (a multiple of 1/3 unit,
 * from the unrounded P) rounded once: a level never carries P's rounding.
 */
export function pivots({ high, low, close }: Bar): Pivots {
  const level = (h: number, l: number, c: number) =>
    divRoundHalfUp(BigInt(h) * BigInt(high) + BigInt(l) * BigInt(low) + BigInt(c) * BigInt(close), 3n);
  return {
    pivot: level(1, 1, 1),
    r1: level(2, -1, 2),
    s1: level(-1, 2, 2),
    r2: level(4, -2, 1),
    s2: level(-2, 4, 1),
    r3: level(5, -4, 2),
    s3: level(-4, 5, 2),
  };
}

/** Where the last price stands against an average. */
export function positionOf(last: number, average: number): Position {
  return last > average ? 'above' : last < average ? 'below' : 'at';
}

/** A moving average reads bullish with the last price above it, bearish below it, neutral on it. */
export function movingAverageSignal(position: Position): Signal {
  return position === 'above' ? 'bullish' : position === 'below' ? 'bearish' : 'neutral';
}

/** RSI (hundredths): above 70 overbought, below 30 oversold, neutral from 30 to 70 inclusive. */
export function rsiReading(value: number): Reading {
  return value > 7_000 ? 'overbought' : value < 3_000 ? 'oversold' : 'neutral';
}

/** Stochastic %K (hundredths): above 80 overbought, below 20 oversold, neutral from 20 to 80 inclusive. */
export function stochasticReading(k: number): Reading {
  return k > 8_000 ? 'overbought' : k < 2_000 ? 'oversold' : 'neutral';
}

/** An oscillator's zone as a signal: overbought is bearish (due a fall back), oversold bullish, between neutral. */
export function readingSignal(reading: Reading): Signal {
  return reading === 'overbought' ? 'bearish' : reading === 'oversold' ? 'bullish' : 'neutral';
}

/** MACD: bullish with the MACD line above its signal line, bearish below it, neutral on it. */
export function macdSignal({ macd: line, signal }: Pick<Macd, 'macd' | 'signal'>): Signal | null {
  if (signal === null) return null;
  return line > signal ? 'bullish' : line < signal ? 'bearish' : 'neutral';
}

export interface SignalCounts {
  bullish: number;
  bearish: number;
  neutral: number;
  total: number;
}

/** Counts the signals given (null: the indicator is missing, not counted). */
export function countSignals(signals: readonly (Signal | null)[]): SignalCounts {
  const counts = { bullish: 0, bearish: 0, neutral: 0, total: 0 };
  for (const s of signals) {
    if (s === null) continue;
    counts[s] += 1;
    counts.total += 1;
  }
  return counts;
}

/** The overall verdict: whichever of bullish and bearish has more indicators; neutral on a tie. */
export function verdictOf({ bullish, bearish }: SignalCounts): Signal {
  return bullish > bearish ? 'bullish' : bearish > bullish ? 'bearish' : 'neutral';
}
