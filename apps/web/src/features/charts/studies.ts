import { chartStudies, type ChartStudy, type ChartStudyName } from '@kite/domain';
import type { Bar } from './bars.ts';

/**
 * The studies of the Studies menu, computed from the chart's bars. Prices go in as integer units and the results are
 * numbers for drawing only: averages of prices are not prices anyone pays, and are never shown as money.
 */

type Series = (number | null)[];

/** Simple moving average over `period` values; null until there are enough. */
export function sma(values: readonly number[], period: number): Series {
  const out: Series = [];
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i]!;
    if (i >= period) sum -= values[i - period]!;
    out.push(i >= period - 1 ? sum / period : null);
  }
  return out;
}

/** Exponential moving average, k = 2 / (period + 1), seeded with the simple average of the first `period` values. */
export function ema(values: readonly number[], period: number): Series {
  const k = 2 / (period + 1);
  const out: Series = [];
  let previous: number | null = null;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (previous === null) {
      sum += value;
      if (i === period - 1) previous = sum / period;
      out.push(previous);
    } else {
      previous = value * k + previous * (1 - k);
      out.push(previous);
    }
  }
  return out;
}

/** Bollinger Bands: the simple average and two (population) standard deviations either side. */
export function bollinger(
  values: readonly number[],
  period: number,
  width = 2,
): { middle: Series; upper: Series; lower: Series } {
  const middle = sma(values, period);
  const upper: Series = [];
  const lower: Series = [];
  for (let i = 0; i < values.length; i++) {
    const mean = middle[i];
    if (mean === null || mean === undefined) {
      upper.push(null);
      lower.push(null);
      continue;
    }
    let squares = 0;
    for (let j = i - period + 1; j <= i; j++) squares += (values[j]! - mean) ** 2;
    const deviation = Math.sqrt(squares / period);
    upper.push(mean + width * deviation);
    lower.push(mean - width * deviation);
  }
  return { middle, upper, lower };
}

/** Wilder's relative strength index (0-100): gains and losses smoothed over `period` changes. */
export function rsi(values: readonly number[], period: number): Series {
  const out: Series = values.length > 0 ? [null] : [];
  let gain = 0;
  let loss = 0;
  for (let i = 1; i < values.length; i++) {
    const change = values[i]! - values[i - 1]!;
    const up = Math.max(change, 0);
    const down = Math.max(-change, 0);
    if (i <= period) {
      gain += up / period;
      loss += down / period;
    } else {
      gain = (gain * (period - 1) + up) / period;
      loss = (loss * (period - 1) + down) / period;
    }
    if (i < period) out.push(null);
    else if (loss === 0) out.push(gain === 0 ? 50 : 100);
    else out.push(100 - 100 / (1 + gain / loss));
  }
  return out;
}

/** The slow and signal lengths that go with a fast length: the classic 12, 26, 9 scaled (the dialog sets one period). */
export function macdLengths(fast: number): { fast: number; slow: number; signal: number } {
  return { fast, slow: Math.round((fast * 26) / 12), signal: Math.max(2, Math.round((fast * 9) / 12)) };
}

/** MACD: the fast EMA less the slow EMA, its signal EMA, and the histogram between them. */
export function macd(
  values: readonly number[],
  fastPeriod: number,
): { macd: Series; signal: Series; histogram: Series } {
  const { fast, slow, signal } = macdLengths(fastPeriod);
  const fastLine = ema(values, fast);
  const slowLine = ema(values, slow);
  const line: Series = fastLine.map((value, i) => {
    const other = slowLine[i];
    return value === null || other === null || other === undefined ? null : value - other;
  });
  const start = line.findIndex((value) => value !== null);
  const signalLine: Series =
    start < 0 ? line.map(() => null) : [...line.slice(0, start), ...ema(line.slice(start) as number[], signal)];
  const histogram: Series = line.map((value, i) => {
    const other = signalLine[i];
    return value === null || other === null || other === undefined ? null : value - other;
  });
  return { macd: line, signal: signalLine, histogram };
}

/**
 * Volume-weighted average price of the typical price (H + L + C) / 3. Intraday it starts again each session; on daily
 * and longer bars it is anchored at the first bar shown.
 */
export function vwap(bars: readonly Bar[], intraday: boolean): Series {
  const out: Series = [];
  let day = -1;
  let weighted = 0;
  let volume = 0;
  for (const bar of bars) {
    const barDay = Math.floor(bar.time / 86_400);
    if (intraday && barDay !== day) {
      day = barDay;
      weighted = 0;
      volume = 0;
    }
    const typical = (bar.high + bar.low + bar.close) / 3;
    weighted += typical * bar.volume;
    volume += bar.volume;
    out.push(volume > 0 ? weighted / volume : typical);
  }
  return out;
}

/** The period a study starts with (the settings dialog changes it). */
export const defaultStudyPeriod: Record<ChartStudyName, number> = {
  'Moving Average': 20,
  'Exponential Moving Average': 20,
  'Bollinger Bands': 20,
  'Relative Strength Index': 14,
  MACD: 12,
  Volume: 20,
  VWAP: 20,
};

/** Studies whose period means nothing (the settings dialog is not offered for them). */
export const hasPeriod = (name: ChartStudyName): boolean => name !== 'Volume' && name !== 'VWAP';

/** investing.md "Charts": study search is case-insensitive on name. */
export function searchStudies(text: string): ChartStudyName[] {
  const needle = text.trim().toLowerCase();
  return chartStudies.filter((name) => name.toLowerCase().includes(needle));
}

/** Where a study is drawn: over the prices, at the foot of the price pane (volume), or in a pane of its own. */
export type StudyPane = 'price' | 'volume' | 'own';

export interface StudyPoint {
  time: number;
  value: number;
  /** Histograms: the bar rose (colours it). */
  up?: boolean;
}

export interface StudyLine {
  role: 'line' | 'band' | 'signal' | 'histogram';
  points: StudyPoint[];
}

export interface StudyPlot {
  pane: StudyPane;
  /** The plotted numbers are prices in units (format as prices) or plain figures (RSI, volume). */
  scale: 'price' | 'figure';
  lines: StudyLine[];
  /** Fixed guide levels (RSI 70 and 30). */
  levels: number[];
}

function points(bars: readonly Bar[], values: Series): StudyPoint[] {
  const out: StudyPoint[] = [];
  values.forEach((value, i) => {
    const bar = bars[i];
    if (bar && value !== null && Number.isFinite(value)) out.push({ time: bar.time, value });
  });
  return out;
}

/** A study's lines for the bars shown. */
export function studyPlot(study: ChartStudy, bars: readonly Bar[], intraday: boolean): StudyPlot {
  const closes = bars.map((bar) => bar.close);
  switch (study.name) {
    case 'Moving Average':
      return {
        pane: 'price',
        scale: 'price',
        lines: [{ role: 'line', points: points(bars, sma(closes, study.period)) }],
        levels: [],
      };
    case 'Exponential Moving Average':
      return {
        pane: 'price',
        scale: 'price',
        lines: [{ role: 'line', points: points(bars, ema(closes, study.period)) }],
        levels: [],
      };
    case 'Bollinger Bands': {
      const bands = bollinger(closes, study.period);
      return {
        pane: 'price',
        scale: 'price',
        lines: [
          { role: 'band', points: points(bars, bands.upper) },
          { role: 'signal', points: points(bars, bands.middle) },
          { role: 'band', points: points(bars, bands.lower) },
        ],
        levels: [],
      };
    }
    case 'Relative Strength Index':
      return {
        pane: 'own',
        scale: 'figure',
        lines: [{ role: 'line', points: points(bars, rsi(closes, study.period)) }],
        levels: [70, 30],
      };
    case 'MACD': {
      const result = macd(closes, study.period);
      const histogram = points(bars, result.histogram).map((point) => ({ ...point, up: point.value >= 0 }));
      return {
        pane: 'own',
        scale: 'price',
        lines: [
          { role: 'histogram', points: histogram },
          { role: 'line', points: points(bars, result.macd) },
          { role: 'signal', points: points(bars, result.signal) },
        ],
        levels: [],
      };
    }
    case 'Volume':
      return {
        pane: 'volume',
        scale: 'figure',
        lines: [
          {
            role: 'histogram',
            points: bars.map((bar) => ({ time: bar.time, value: bar.volume, up: bar.close >= bar.open })),
          },
        ],
        levels: [],
      };
    case 'VWAP':
      return {
        pane: 'price',
        scale: 'price',
        lines: [{ role: 'line', points: points(bars, vwap(bars, intraday)) }],
        levels: [],
      };
    default: {
      const unknown: never = study.name;
      throw new Error(`Unknown study ${String(unknown)}`);
    }
  }
}
