import { civilFromDays, daysFromCivil, istDay, istInstant, istMinuteOfDay, weekdayOf } from '../clock/ist.ts';

/** One bar. investing.md "Charts": the server sends updDate, open, high, low, price (close), volume. */
export interface Candle {
  /** Start of the bar, epoch ms (days, weeks and months start at 00:00 IST). */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export const PERIODICITIES = ['1m', '3m', '5m', '10m', '15m', '30m', '60m', 'day', 'week', 'month'] as const;
export type Periodicity = (typeof PERIODICITIES)[number];

export function minutesOf(periodicity: Periodicity): number | null {
  const match = /^(\d+)m$/.exec(periodicity);
  return match ? Number(match[1]) : null;
}

/** Groups minute bars into n-minute bars aligned to the session start (09:15 for equities, as exchanges do). */
export function aggregateMinutes(minutes: readonly Candle[], size: number, sessionStartMinute: number): Candle[] {
  return group(minutes, (time) => {
    const day = istDay(time);
    const offset = istMinuteOfDay(time) - sessionStartMinute;
    const bucket = Math.floor(offset / size) * size + sessionStartMinute;
    return istInstant(day, 0, bucket);
  });
}

/** Groups daily bars into weeks (starting Monday) or calendar months. */
export function aggregateDays(days: readonly Candle[], unit: 'week' | 'month'): Candle[] {
  return group(days, (time) => {
    const day = istDay(time);
    if (unit === 'week') return istInstant(day - ((weekdayOf(day) + 6) % 7));
    const { year, month } = civilFromDays(day);
    return istInstant(daysFromCivil(year, month, 1));
  });
}

function group(candles: readonly Candle[], keyOf: (time: number) => number): Candle[] {
  const out: Candle[] = [];
  let current: Candle | null = null;
  for (const c of candles) {
    const key = keyOf(c.time);
    if (current && current.time === key) {
      if (c.high > current.high) current.high = c.high;
      if (c.low < current.low) current.low = c.low;
      current.close = c.close;
      current.volume += c.volume;
    } else {
      current = { time: key, open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume };
      out.push(current);
    }
  }
  return out;
}
