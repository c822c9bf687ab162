import { describe, expect, it } from 'vitest';
import type { Bar } from './bars.ts';
import { bollinger, ema, macd, macdLengths, rsi, searchStudies, sma, studyPlot, vwap } from './studies.ts';

const DAY = 86_400;

function bar(time: number, close: number, patch: Partial<Bar> = {}): Bar {
  const text = { open: '0', high: '0', low: '0', close: '0' };
  return { time, open: close, high: close, low: close, close, volume: 0, text, ...patch };
}

const rounded = (values: readonly (number | null)[], digits = 6) =>
  values.map((value) => (value === null ? null : Number(value.toFixed(digits))));

describe('chart studies (investing.md "Charts": the Studies menu)', () => {
  it('averages the last n closes, nothing before there are n', () => {
    expect(sma([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    expect(sma([10, 20], 3)).toEqual([null, null]);
  });

  it('seeds the exponential average with the simple one, then weighs 2 / (n + 1)', () => {
    expect(ema([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    // k = 0.5: 2 -> 10 * 0.5 + 2 * 0.5 = 6 -> 0 * 0.5 + 6 * 0.5 = 3
    expect(ema([1, 2, 3, 10, 0], 3)).toEqual([null, null, 2, 6, 3]);
  });

  it('puts Bollinger Bands two population deviations from the average', () => {
    const bands = bollinger([2, 4, 4, 4, 5, 5, 7, 9], 8);
    // The classic set: mean 5, standard deviation 2.
    expect(bands.middle.at(-1)).toBe(5);
    expect(bands.upper.at(-1)).toBe(9);
    expect(bands.lower.at(-1)).toBe(1);
    expect(bands.upper[6]).toBeNull();
    expect(bollinger([3, 3, 3], 2).upper).toEqual([null, 3, 3]);
  });

  it('smooths RSI the Wilder way and keeps it between 0 and 100', () => {
    // Changes +1, +1, -1, +1 over 2 bars: 100, then gain 0.5 / loss 0.5 = 50, then 0.75 / 0.25 -> RS 3 = 75.
    expect(rsi([1, 2, 3, 2, 3], 2)).toEqual([null, null, 100, 50, 75]);
    expect(rsi([5, 5, 5, 5], 2)).toEqual([null, null, 50, 50]);
    expect(rsi([5, 4, 3, 2], 2).at(-1)).toBe(0);
    expect(rsi([], 14)).toEqual([]);
  });

  it('scales MACD 12, 26, 9 from the one period the dialog sets', () => {
    expect(macdLengths(12)).toEqual({ fast: 12, slow: 26, signal: 9 });
    expect(macdLengths(6)).toEqual({ fast: 6, slow: 13, signal: 5 });
  });

  it('draws MACD as fast less slow average, its signal and the gap between them', () => {
    // On a straight line each EMA lags by (n - 1) / 2 exactly: fast 2 (slow 4, signal 2) lags 0.5 and 1.5, MACD = 1.
    const ramp = Array.from({ length: 12 }, (_, i) => i);
    const result = macd(ramp, 2);
    expect(result.macd.slice(0, 3)).toEqual([null, null, null]);
    expect(rounded(result.macd.slice(3))).toEqual(Array(9).fill(1));
    expect(result.signal[3]).toBeNull();
    expect(rounded(result.signal.slice(4))).toEqual(Array(8).fill(1));
    expect(rounded(result.histogram.slice(4))).toEqual(Array(8).fill(0));
    expect(macd([1, 2], 12).signal).toEqual([null, null]);
  });

  it('weighs the typical price by volume, afresh each session intraday', () => {
    const bars = [
      bar(0, 100, { high: 110, low: 90, volume: 10 }),
      bar(60, 200, { high: 200, low: 200, volume: 30 }),
      bar(DAY, 50, { high: 50, low: 50, volume: 5 }),
      bar(DAY + 60, 70, { high: 70, low: 70, volume: 0 }),
    ];
    // (100 * 10 + 200 * 30) / 40 = 175; the next day starts again at 50; no volume yet keeps the average.
    expect(vwap(bars, true)).toEqual([100, 175, 50, 50]);
    // Anchored at the first bar on daily bars: (1000 + 6000 + 250) / 45.
    expect(vwap(bars, false)[2]).toBeCloseTo(7250 / 45, 10);
    expect(vwap([bar(0, 10)], true)).toEqual([10]);
  });

  it('finds studies by name whatever the case', () => {
    expect(searchStudies('average')).toEqual(['Moving Average', 'Exponential Moving Average']);
    expect(searchStudies('RSI')).toEqual([]);
    expect(searchStudies('relative')).toEqual(['Relative Strength Index']);
    expect(searchStudies('  MaCd ')).toEqual(['MACD']);
    expect(searchStudies('')).toHaveLength(7);
  });

  it('places each study: averages and bands over the prices, volume at their foot, RSI and MACD in panes', () => {
    const bars = Array.from({ length: 40 }, (_, i) =>
      bar(i * DAY, 100 + i, { open: 100 + i + (i % 2 ? 1 : -1), volume: i }),
    );
    const ma = studyPlot({ name: 'Moving Average', period: 20 }, bars, false);
    expect(ma.pane).toBe('price');
    expect(ma.lines[0]?.points).toHaveLength(21);
    expect(ma.lines[0]?.points[0]).toEqual({ time: 19 * DAY, value: 109.5 });
    expect(studyPlot({ name: 'Bollinger Bands', period: 20 }, bars, false).lines.map((line) => line.role)).toEqual([
      'band',
      'signal',
      'band',
    ]);
    const volume = studyPlot({ name: 'Volume', period: 20 }, bars, false);
    expect(volume.pane).toBe('volume');
    expect(volume.lines[0]?.points[1]).toEqual({ time: DAY, value: 1, up: false });
    expect(volume.lines[0]?.points[2]).toEqual({ time: 2 * DAY, value: 2, up: true });
    const strength = studyPlot({ name: 'Relative Strength Index', period: 14 }, bars, false);
    expect(strength).toMatchObject({ pane: 'own', scale: 'figure', levels: [70, 30] });
    expect(strength.lines[0]?.points.every((point) => point.value === 100)).toBe(true);
    const convergence = studyPlot({ name: 'MACD', period: 12 }, bars, false);
    expect(convergence.pane).toBe('own');
    expect(convergence.lines[0]?.role).toBe('histogram');
  });
});
