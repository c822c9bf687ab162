import { intradaySession } from '@kite/domain';
import { istInstant } from '../clock/ist.ts';
import type { TradingCalendar } from '../clock/trading-calendar.ts';
import { streamRandom } from '../random/prng.ts';
import type { Candle } from './candle.ts';

export interface HistoryOptions {
  seed: number;
  /** Instrument key; each instrument gets its own random stream. */
  key: string;
  /** The previous session's close, which the history must end on (price units). */
  previousClose: number;
  tickSize: number;
  /** The current trading day (IST day number); history covers the days before it. */
  today: number;
  calendar: TradingCalendar;
  /** Annual volatility. */
  vol?: number;
  years?: number;
  /** Recent days that also get one-minute bars. */
  intradayDays?: number;
  /** The day's continuous session in minutes after IST midnight (default: the equity session, 09:15–15:30). */
  session?: (day: number) => { start: number; end: number };
  /** Typical daily volume (0 for indices). */
  dailyVolume?: number;
}

export interface History {
  daily: Candle[];
  minutes: Candle[];
}

/**
 * Past bars consistent with today's price: a random walk generated backwards from the previous close, so the last
 * daily close equals it. The most recent days are built from one-minute paths (a Brownian bridge from open to close),
 * and their daily bars are taken from those minutes, so minute and daily charts agree.
 */
export function generateHistory(options: HistoryOptions): History {
  const random = streamRandom(options.seed, `history:${options.key}`);
  const tick = options.tickSize;
  const vol = options.vol ?? 0.25;
  const years = options.years ?? 5;
  const intradayDays = options.intradayDays ?? 5;
  const sessionOf = options.session ?? ((day: number) => intradaySession('NSE', day));
  const dailyVolume = options.dailyVolume ?? 0;
  const round = (value: number): number => Math.max(tick, Math.round(value / tick) * tick);

  const days: number[] = [];
  const first = options.today - Math.round(years * 365.25);
  for (let day = options.calendar.previous(options.today); day >= first; day = options.calendar.previous(day))
    days.push(day);
  days.reverse();
  const n = days.length;
  const dailySd = vol / Math.sqrt(252);

  // Closes backwards from the previous close; opens gap a little from the prior close.
  const closes = new Float64Array(n);
  closes[n - 1] = options.previousClose;
  for (let i = n - 1; i > 0; i--) closes[i - 1] = closes[i]! / Math.exp(random.normal() * dailySd);
  const daily: Candle[] = [];
  const minutes: Candle[] = [];
  for (let i = 0; i < n; i++) {
    const prior = i === 0 ? closes[0]! : closes[i - 1]!;
    const open = prior * Math.exp(random.normal() * dailySd * 0.3);
    const close = closes[i]!;
    const volume = dailyVolume > 0 ? Math.round(dailyVolume * Math.exp(random.normal() * 0.4 - 0.08)) : 0;
    if (i >= n - intradayDays) {
      const { start, end } = sessionOf(days[i]!);
      const bars = minutePath(random, days[i]!, start, end - start, open, close, dailySd, volume, round);
      minutes.push(...bars);
      daily.push(dayFrom(bars, istInstant(days[i]!)));
    } else {
      const spread = Math.abs(random.normal()) * dailySd * 0.5;
      const high = Math.max(open, close) * (1 + spread);
      const low = Math.min(open, close) * (1 - Math.abs(random.normal()) * dailySd * 0.5);
      daily.push({
        time: istInstant(days[i]!),
        open: round(open),
        high: round(high),
        low: round(low),
        close: round(close),
        volume,
      });
    }
  }
  // Rounding must not break the bar: high and low enclose open and close.
  for (const c of daily) {
    c.high = Math.max(c.high, c.open, c.close);
    c.low = Math.min(c.low, c.open, c.close);
  }
  return { daily, minutes };
}

export interface MorningOptions {
  seed: number;
  /** Instrument key; each instrument gets its own stream for each day. */
  key: string;
  /** The IST day the morning belongs to. */
  day: number;
  /** Yesterday's close, which the day's open gaps a little from (price units). */
  previousClose: number;
  /** The price at the first look, where the morning ends (price units, on the tick). */
  price: number;
  tickSize: number;
  vol: number;
  /** Typical daily volume (0 for indices). */
  dailyVolume: number;
  /** Minutes after IST midnight: the session's start and end, and the first look's minute (bars end before it). */
  start: number;
  end: number;
  until: number;
}

/**
 * The part of today before an instrument was first looked at: one-minute bars from the session's start to the first
 * look's minute, a Brownian bridge from an open drawn as history's are to the price at that moment, with a share of a
 * day's volume. Drawn from the instrument's own stream for the day, so the same look gives the same bars.
 */
export function generateMorning(options: MorningOptions): Candle[] {
  const count = options.until - options.start;
  if (count <= 0) return [];
  const random = streamRandom(options.seed, `morning:${options.key}:${options.day}`);
  const tick = options.tickSize;
  const round = (value: number): number => Math.max(tick, Math.round(value / tick) * tick);
  const sessionLength = options.end - options.start;
  const dailySd = options.vol / Math.sqrt(252);
  const open = options.previousClose * Math.exp(random.normal() * dailySd * 0.3);
  const dayVolume = options.dailyVolume * Math.exp(random.normal() * 0.4 - 0.08);
  const volume = Math.round(dayVolume * Math.min(1, count / sessionLength));
  // The bridge spreads a variance over its minutes: the elapsed share of a day's, so a minute moves as in a whole day.
  const elapsedSd = dailySd * Math.sqrt(count / sessionLength);
  return minutePath(random, options.day, options.start, count, open, options.price, elapsedSd, volume, round);
}

function minutePath(
  random: { normal(): number },
  day: number,
  start: number,
  count: number,
  open: number,
  close: number,
  dailySd: number,
  volume: number,
  round: (value: number) => number,
): Candle[] {
  // A random walk in log price, then bent linearly so it ends exactly at the close (Brownian bridge).
  const sd = dailySd / Math.sqrt(count);
  const walk = new Float64Array(count + 1);
  for (let i = 1; i <= count; i++) walk[i] = walk[i - 1]! + random.normal() * sd;
  const target = Math.log(close / open);
  const bars: Candle[] = [];
  let remaining = volume;
  for (let i = 0; i < count; i++) {
    const a = open * Math.exp(walk[i]! + ((target - walk[count]!) * i) / count);
    const b = open * Math.exp(walk[i + 1]! + ((target - walk[count]!) * (i + 1)) / count);
    const wiggle = Math.abs(random.normal()) * sd * 0.5;
    // U-shaped intraday volume: busier at the open and the close.
    const x = i / count;
    const share =
      i === count - 1 ? remaining : Math.round((volume / count) * (0.6 + 1.6 * (x - 0.5) * (x - 0.5) * 4) * 0.8);
    const v = Math.max(0, Math.min(remaining, share));
    remaining -= v;
    const o = round(a);
    const c = round(b);
    bars.push({
      time: istInstant(day, 0, start + i),
      open: o,
      high: Math.max(o, c, round(Math.max(a, b) * (1 + wiggle))),
      low: Math.min(o, c, round(Math.min(a, b) * (1 - wiggle))),
      close: c,
      volume: v,
    });
  }
  return bars;
}

/** The bar that a run of bars (minutes of one day) makes, starting at `time`. */
export function dayFrom(bars: readonly Candle[], time: number): Candle {
  return {
    time,
    open: bars[0]!.open,
    high: Math.max(...bars.map((b) => b.high)),
    low: Math.min(...bars.map((b) => b.low)),
    close: bars[bars.length - 1]!.close,
    volume: bars.reduce((sum, b) => sum + b.volume, 0),
  };
}
