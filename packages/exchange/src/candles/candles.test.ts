import { intradaySession } from '@kite/domain';
import { describe, expect, it } from 'vitest';
import { daysFromCivil, istInstant } from '../clock/ist.ts';
import { TradingCalendar } from '../clock/trading-calendar.ts';
import { aggregateDays, aggregateMinutes } from './candle.ts';
import { generateHistory } from './history.ts';
import { CandleSeries } from './live-candles.ts';

const today = daysFromCivil(2026, 11, 20);
const calendar = new TradingCalendar();
const options = {
  seed: 1,
  key: 'RELIANCE',
  previousClose: 151_890,
  tickSize: 10,
  today,
  calendar,
  dailyVolume: 5_000_000,
};

describe('candles', () => {
  const history = generateHistory(options);

  it('generates five years of daily bars ending on the previous close, and recent minute bars that agree', () => {
    expect(history.daily.length).toBeGreaterThan(1250);
    expect(history.daily.length).toBeLessThan(1320);
    const last = history.daily.at(-1)!;
    expect(last.time).toBe(istInstant(daysFromCivil(2026, 11, 19)));
    expect(last.close).toBe(151_890);
    expect(history.minutes.length).toBe(5 * 375);
    const lastDayMinutes = history.minutes.filter((m) => m.time >= last.time);
    expect(lastDayMinutes[0]!.time).toBe(istInstant(daysFromCivil(2026, 11, 19), 9, 15));
    expect(Math.max(...lastDayMinutes.map((m) => m.high))).toBe(last.high);
    expect(lastDayMinutes.reduce((s, m) => s + m.volume, 0)).toBe(last.volume);
    for (const c of [...history.daily, ...history.minutes]) {
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
      expect(c.close % 10).toBe(0);
    }
  });

  it('is deterministic for a seed and key', () => {
    expect(generateHistory(options).daily.slice(0, 5)).toEqual(history.daily.slice(0, 5));
    expect(generateHistory({ ...options, key: 'TCS' }).daily[0]).not.toEqual(history.daily[0]);
  });

  it('aggregates minutes aligned to 09:15 and days into weeks and months', () => {
    const day = daysFromCivil(2026, 11, 19);
    const dayMinutes = history.minutes.filter((m) => m.time >= istInstant(day));
    const fifteen = aggregateMinutes(dayMinutes, 15, 555);
    expect(fifteen.length).toBe(25);
    expect(fifteen[1]!.time).toBe(istInstant(day, 9, 30));
    expect(fifteen[0]!.volume).toBe(dayMinutes.slice(0, 15).reduce((s, m) => s + m.volume, 0));
    expect(aggregateMinutes(dayMinutes, 60, 555).length).toBe(7); // 09:15 ... 15:15
    const weeks = aggregateDays(history.daily.slice(-10), 'week');
    expect(weeks.at(-1)!.time).toBe(istInstant(daysFromCivil(2026, 11, 16))); // Monday
    const months = aggregateDays(history.daily, 'month');
    expect(months.length).toBeGreaterThanOrEqual(60);
  });

  it('builds live bars from trades on top of the history', () => {
    const series = new CandleSeries(history, 555);
    series.record(istInstant(today, 9, 15) + 5_000, 152_000, 10);
    series.record(istInstant(today, 9, 15) + 30_000, 152_500, 5);
    series.record(istInstant(today, 9, 16) + 1_000, 151_900, 7);
    const bars = series.candles('1m', istInstant(today), istInstant(today + 1));
    expect(bars).toEqual([
      { time: istInstant(today, 9, 15), open: 152_000, high: 152_500, low: 152_000, close: 152_500, volume: 15 },
      { time: istInstant(today, 9, 16), open: 151_900, high: 151_900, low: 151_900, close: 151_900, volume: 7 },
    ]);
    expect(series.candles('5m', istInstant(today), istInstant(today + 1))).toHaveLength(1);
    const days = series.candles('day', istInstant(today - 3), istInstant(today + 1));
    expect(days.at(-1)).toMatchObject({ open: 152_000, high: 152_500, low: 151_900, close: 151_900, volume: 22 });
  });

  it('lays out an MCX day from 09:00 and counts its n-minute bars from there', () => {
    const mcx = generateHistory({ ...options, key: 'CRUDEOIL', session: (day) => intradaySession('MCX', day) });
    const day = daysFromCivil(2026, 11, 19);
    const dayMinutes = mcx.minutes.filter((m) => m.time >= istInstant(day));
    expect(dayMinutes[0]!.time).toBe(istInstant(day, 9, 0));
    expect(dayMinutes.at(-1)!.time).toBe(istInstant(day, 23, 54));
    const series = new CandleSeries(mcx, intradaySession('MCX', today).start);
    series.record(istInstant(today, 9, 2), 500_000, 1);
    expect(series.candles('15m', istInstant(today), istInstant(today + 1))[0]!.time).toBe(istInstant(today, 9, 0));
  });

  it('hands over closed minute bars once, and carries on from restored ones', () => {
    const series = new CandleSeries(history, 555, true);
    series.record(istInstant(today, 9, 15) + 5_000, 152_000, 10);
    expect(series.takeMinuteBars(false)).toEqual([]);
    series.record(istInstant(today, 9, 16) + 1_000, 151_900, 7);
    const closed = series.takeMinuteBars(false);
    expect(closed).toEqual([
      { time: istInstant(today, 9, 15), open: 152_000, high: 152_000, low: 152_000, close: 152_000, volume: 10 },
    ]);
    expect(series.takeMinuteBars(false)).toEqual([]);
    const running = series.takeMinuteBars(true);
    expect(running.map((bar) => bar.time)).toEqual([istInstant(today, 9, 16)]);

    const restarted = new CandleSeries(history, 555);
    restarted.restoreMinutes([...closed, ...running]);
    restarted.record(istInstant(today, 9, 16) + 30_000, 152_100, 3);
    expect(restarted.candles('1m', istInstant(today), istInstant(today + 1))).toEqual([
      closed[0],
      { time: istInstant(today, 9, 16), open: 151_900, high: 152_100, low: 151_900, close: 152_100, volume: 10 },
    ]);
  });

  it('sets no closed minute bar aside when nothing saves them, while the chart still has every minute', () => {
    const series = new CandleSeries(history, 555);
    for (let minute = 15; minute < 75; minute += 1) series.record(istInstant(today, 9, minute) + 1_000, 152_000, 1);
    expect(series.takeMinuteBars(false)).toEqual([]);
    expect(series.candles('1m', istInstant(today), istInstant(today + 1))).toHaveLength(60);
  });
});
