import type { Candle } from '@kite/domain';
import { describe, expect, it } from 'vitest';
import { chartSeconds } from '../market-data/chart-time.ts';
import { barsOf, groupBars, heikinAshi, lastSessions, withLivePrice, type Bar } from './bars.ts';

const candle = (updDate: string, open: string, high: string, low: string, price: string, volume = 100): Candle => ({
  updDate,
  open,
  high,
  low,
  price,
  volume,
});
const at = (ist: string): number => chartSeconds(ist) ?? Number.NaN;
const minute = { interval: 1, period: 1, timeUnit: 'minute' } as const;
const day = { interval: 1, period: 1, timeUnit: 'day' } as const;
const week = { interval: 1, period: 1, timeUnit: 'week' } as const;
const month = { interval: 1, period: 1, timeUnit: 'month' } as const;

describe('chart bars from /Chart/PriceChart candles', () => {
  it('keeps the server text for the display and integer units for drawing', () => {
    const bars = barsOf(
      [
        candle('2026-11-20 09:16:00', '1510.05', '1512.00', '1509.00', '1511.10'),
        candle('2026-11-20 09:15:00', '1509.95', '1510.50', '1508.00', '1510.05'),
        candle('2026-11-20 09:16:00', '1510.05', '1513.00', '1509.00', '1512.40'),
        candle('bad', '1', '1', '1', '1'),
        candle('2026-11-20 09:17:00', 'x', '1', '1', '1'),
      ],
      2,
    );
    expect(bars.map((bar) => bar.time)).toEqual([at('2026-11-20 09:15:00'), at('2026-11-20 09:16:00')]);
    // A repeated time keeps the later candle.
    expect(bars[1]).toEqual({
      time: at('2026-11-20 09:16:00'),
      open: 151005,
      high: 151300,
      low: 150900,
      close: 151240,
      volume: 100,
      text: { open: '1510.05', high: '1513.00', low: '1509.00', close: '1512.40' },
    });
    expect(barsOf([candle('2026-11-20 00:00:00', '83.1250', '83.2000', '83.0000', '83.1500')], 4)[0]?.close).toBe(
      831500,
    );
  });

  it('groups bars into longer ones (4 hours, 2 days), never across sessions for minutes', () => {
    const hours = barsOf(
      [
        candle('2026-11-19 13:15:00', '10.00', '12.00', '9.00', '11.00', 1),
        candle('2026-11-19 14:15:00', '11.00', '11.50', '10.00', '10.50', 2),
        candle('2026-11-20 09:15:00', '10.50', '13.00', '10.50', '12.00', 3),
        candle('2026-11-20 10:15:00', '12.00', '12.00', '8.00', '9.00', 4),
        candle('2026-11-20 11:15:00', '9.00', '9.50', '8.50', '9.50', 5),
      ],
      2,
    );
    const grouped = groupBars(hours, 4, 'minute');
    expect(grouped.map((bar) => [bar.time, bar.text, bar.volume])).toEqual([
      [at('2026-11-19 13:15:00'), { open: '10.00', high: '12.00', low: '9.00', close: '10.50' }, 3],
      [at('2026-11-20 09:15:00'), { open: '10.50', high: '13.00', low: '8.00', close: '9.50' }, 12],
    ]);
    expect(grouped[1]).toMatchObject({ open: 1050, high: 1300, low: 800, close: 950 });
    const days = groupBars(hours, 2, 'day');
    expect(days.map((bar) => bar.volume)).toEqual([3, 7, 5]);
    expect(groupBars(hours, 1, 'day')).toEqual(hours);
  });

  it('cuts a day span to its last sessions', () => {
    const bars = barsOf(
      [
        '2026-11-18 15:29:00',
        '2026-11-19 09:15:00',
        '2026-11-19 15:29:00',
        '2026-11-20 09:15:00',
        '2026-11-20 09:16:00',
      ].map((time) => candle(time, '1.00', '1.00', '1.00', '1.00')),
      2,
    );
    expect(lastSessions(bars, 1).map((bar) => bar.time)).toEqual([
      at('2026-11-20 09:15:00'),
      at('2026-11-20 09:16:00'),
    ]);
    expect(lastSessions(bars, 2)).toHaveLength(4);
    expect(lastSessions(bars, 5)).toHaveLength(5);
    expect(lastSessions([], 1)).toEqual([]);
  });

  it('makes Heikin-Ashi bars: close the mean of OHLC, open the middle of the previous body', () => {
    const bars = barsOf(
      [
        candle('2026-11-18 00:00:00', '10.00', '14.00', '8.00', '12.00'),
        candle('2026-11-19 00:00:00', '12.00', '13.00', '11.00', '11.00'),
        candle('2026-11-20 00:00:00', '11.00', '11.00', '6.00', '7.00'),
      ],
      2,
    );
    expect(heikinAshi(bars)).toEqual([
      // close (10 + 14 + 8 + 12) / 4 = 11, open (10 + 12) / 2 = 11
      { time: at('2026-11-18 00:00:00'), open: 1100, high: 1400, low: 800, close: 1100 },
      // close (12 + 13 + 11 + 11) / 4 = 11.75, open (11 + 11) / 2 = 11
      { time: at('2026-11-19 00:00:00'), open: 1100, high: 1300, low: 1100, close: 1175 },
      // close 8.75, open (11 + 11.75) / 2 = 11.375: the high is the open, above the bar's own high of 11
      { time: at('2026-11-20 00:00:00'), open: 1137.5, high: 1137.5, low: 600, close: 875 },
    ]);
  });
});

describe('the live last bar', () => {
  const lastMinute: Bar = barsOf([candle('2026-11-20 10:05:00', '100.00', '101.00', '99.00', '100.50', 40)], 2)[0]!;
  const live = (ist: string, text: string) => ({ time: at(ist), price: Number(text.replace('.', '')), text });

  it('moves the current bar: new close, widened extremes, the open and volume kept', () => {
    const moved = withLivePrice(lastMinute, live('2026-11-20 10:05:42', '101.25'), minute, 1, 1, 'NSE');
    expect(moved).toEqual({
      time: lastMinute.time,
      open: 10000,
      high: 10125,
      low: 9900,
      close: 10125,
      volume: 40,
      text: { open: '100.00', high: '101.25', low: '99.00', close: '101.25' },
    });
    expect(withLivePrice(lastMinute, live('2026-11-20 10:05:59', '98.00'), minute, 1, 1, 'NSE')?.text.low).toBe(
      '98.00',
    );
  });

  it('starts the next bar on the periodicity grid and ignores an older price', () => {
    const next = withLivePrice(lastMinute, live('2026-11-20 10:07:12', '100.40'), minute, 1, 1, 'NSE');
    expect(next).toMatchObject({ time: at('2026-11-20 10:07:00'), open: 10040, close: 10040, volume: 0 });
    // Five-minute bars from 10:05: 10:12 is in the 10:10 bar.
    expect(withLivePrice(lastMinute, live('2026-11-20 10:12:00', '100.40'), minute, 5, 1, 'NSE')?.time).toBe(
      at('2026-11-20 10:10:00'),
    );
    expect(withLivePrice(lastMinute, live('2026-11-20 10:09:59', '100.40'), minute, 5, 1, 'NSE')?.time).toBe(
      lastMinute.time,
    );
    expect(withLivePrice(lastMinute, live('2026-11-20 10:04:59', '100.40'), minute, 1, 1, 'NSE')).toBeNull();
    expect(withLivePrice(lastMinute, live('2026-11-21 09:15:30', '100.40'), minute, 5, 1, 'NSE')?.time).toBe(
      at('2026-11-21 09:15:00'),
    );
  });

  it("puts a new day's first live bar where the server's bars of that day start (n minutes from 09:15)", () => {
    // The chart was drawn yesterday; today's first trade comes at 09:17:30, the next at 09:21.
    const first = withLivePrice(lastMinute, live('2026-11-23 09:17:30', '100.40'), minute, 5, 1, 'NSE')!;
    expect(first.time).toBe(at('2026-11-23 09:15:00'));
    expect(withLivePrice(first, live('2026-11-23 09:21:00', '100.50'), minute, 5, 1, 'NSE')?.time).toBe(
      at('2026-11-23 09:20:00'),
    );
    // Hourly bars run 09:15, 10:15, ... and 4-hour bars (four of them) 09:15 and 13:15.
    expect(withLivePrice(lastMinute, live('2026-11-23 10:40:00', '100.40'), minute, 60, 1, 'NSE')?.time).toBe(
      at('2026-11-23 10:15:00'),
    );
    expect(withLivePrice(lastMinute, live('2026-11-23 14:02:00', '100.40'), minute, 240, 4, 'NSE')?.time).toBe(
      at('2026-11-23 13:15:00'),
    );
    // One-minute bars: the minute of the trade.
    expect(withLivePrice(lastMinute, live('2026-11-23 09:17:30', '100.40'), minute, 1, 1, 'NSE')?.time).toBe(
      at('2026-11-23 09:17:00'),
    );
  });

  it("counts a currency or MCX day's bars from its own 09:00 open", () => {
    for (const exchange of ['CDS', 'MCX'] as const) {
      expect(withLivePrice(lastMinute, live('2026-11-23 09:02:30', '100.40'), minute, 15, 1, exchange)?.time).toBe(
        at('2026-11-23 09:00:00'),
      );
      expect(withLivePrice(lastMinute, live('2026-11-23 10:40:00', '100.40'), minute, 60, 1, exchange)?.time).toBe(
        at('2026-11-23 10:00:00'),
      );
    }
  });

  it('keeps a day, week or month bar until its period ends', () => {
    const today = barsOf([candle('2026-11-20 00:00:00', '100.00', '101.00', '99.00', '100.50')], 2)[0]!;
    expect(withLivePrice(today, live('2026-11-20 15:29:00', '102.00'), day, 0, 1, 'NSE')?.time).toBe(today.time);
    expect(withLivePrice(today, live('2026-11-23 09:15:00', '102.00'), day, 0, 1, 'NSE')?.time).toBe(
      at('2026-11-23 00:00:00'),
    );
    // 2026-11-16 is a Monday: the week bar holds until Sunday.
    const thisWeek = { ...today, time: at('2026-11-16 00:00:00') };
    expect(withLivePrice(thisWeek, live('2026-11-20 10:00:00', '102.00'), week, 0, 1, 'NSE')?.time).toBe(thisWeek.time);
    expect(withLivePrice(thisWeek, live('2026-11-23 10:00:00', '102.00'), week, 0, 1, 'NSE')?.time).toBe(
      at('2026-11-23 00:00:00'),
    );
    const thisMonth = { ...today, time: at('2026-11-01 00:00:00') };
    expect(withLivePrice(thisMonth, live('2026-11-30 10:00:00', '102.00'), month, 0, 1, 'NSE')?.time).toBe(
      thisMonth.time,
    );
    expect(withLivePrice(thisMonth, live('2026-12-01 10:00:00', '102.00'), month, 0, 1, 'NSE')?.time).toBe(
      at('2026-12-01 00:00:00'),
    );
  });
});
