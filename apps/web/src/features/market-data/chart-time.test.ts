import type { Candle } from '@kite/domain';
import { describe, expect, it } from 'vitest';
import { chartSeconds, istDateTime, lastSessionPoints, minuteBucket, streamTimeSeconds } from './chart-time.ts';

const candle = (updDate: string, price: string): Candle => ({
  updDate,
  open: price,
  high: price,
  low: price,
  price,
  volume: 1,
});

describe('chart times', () => {
  it('writes chart dates in IST whatever the browser zone', () => {
    expect(istDateTime(Date.UTC(2026, 10, 20, 3, 45, 0))).toBe('2026-11-20 09:15:00');
    expect(istDateTime(Date.UTC(2026, 10, 20, 20, 0, 5))).toBe('2026-11-21 01:30:05');
  });

  it('keeps only the last session, in price units, on an IST axis', () => {
    const points = lastSessionPoints(
      [
        candle('2026-11-19 15:29:00', '1500.00'),
        candle('2026-11-20 09:16:00', '1510.05'),
        candle('2026-11-20 09:15:00', '1509.95'),
      ],
      2,
    );
    expect(points).toEqual([
      { time: chartSeconds('2026-11-20 09:15:00'), value: 150995 },
      { time: chartSeconds('2026-11-20 09:16:00'), value: 151005 },
    ]);
    expect(lastSessionPoints([], 2)).toEqual([]);
  });

  it('puts a stream tick in its minute', () => {
    const seconds = streamTimeSeconds('20/11/2026 09:16:42');
    expect(seconds).toBe(chartSeconds('2026-11-20 09:16:42') ?? 0);
    expect(minuteBucket(seconds ?? 0)).toBe(chartSeconds('2026-11-20 09:16:00'));
    expect(streamTimeSeconds('bad')).toBeNull();
  });
});
