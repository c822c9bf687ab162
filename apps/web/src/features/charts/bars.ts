import { intradaySession, parsePrice, type Candle, type PriceDecimals, type TradeExchange } from '@kite/domain';
import { chartSeconds } from '../market-data/chart-time.ts';
import type { Periodicity } from './chart-options.ts';

/**
 * One bar of the chart. Prices are integers in the instrument's smallest unit (paise) for drawing, and keep the text
 * the server wrote so the heads-up display shows them exactly (no binary floating point for money).
 */
export interface Bar {
  /** Start of the bar on the chart's axis: IST wall-clock seconds (market-data/chart-time.ts). */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  text: { open: string; high: string; low: string; close: string };
}

/** A bar drawn from computed values (Heikin-Ashi): plotting only, never shown as a price. */
export interface PlotBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

const DAY = 86_400;

/** /Chart/PriceChart candles as bars, oldest first; a candle that does not parse is left out, a repeated time kept once. */
export function barsOf(candles: readonly Candle[], decimals: PriceDecimals): Bar[] {
  const byTime = new Map<number, Bar>();
  for (const candle of candles) {
    const time = chartSeconds(candle.updDate);
    const open = parsePrice(candle.open, decimals);
    const high = parsePrice(candle.high, decimals);
    const low = parsePrice(candle.low, decimals);
    const close = parsePrice(candle.price, decimals);
    if (time === null || open === null || high === null || low === null || close === null) continue;
    byTime.set(time, {
      time,
      open,
      high,
      low,
      close,
      volume: candle.volume,
      text: { open: candle.open, high: candle.high, low: candle.low, close: candle.price },
    });
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** The later bar's figures folded into the earlier one: its open stays, the extremes and the close move. */
function merge(into: Bar, next: Bar): Bar {
  const high = next.high > into.high;
  const low = next.low < into.low;
  return {
    time: into.time,
    open: into.open,
    high: high ? next.high : into.high,
    low: low ? next.low : into.low,
    close: next.close,
    volume: into.volume + next.volume,
    text: {
      open: into.text.open,
      high: high ? next.text.high : into.text.high,
      low: low ? next.text.low : into.text.low,
      close: next.text.close,
    },
  };
}

const dayOf = (time: number): number => Math.floor(time / DAY);

/**
 * Groups `size` consecutive bars into one (4 hours from 60-minute bars, 2 days from daily bars). Minute bars never
 * group across sessions: each day starts a new group.
 */
export function groupBars(bars: readonly Bar[], size: number, timeUnit: Periodicity['timeUnit']): Bar[] {
  if (size <= 1) return [...bars];
  const out: Bar[] = [];
  let current: Bar | null = null;
  let count = 0;
  for (const bar of bars) {
    const newDay = timeUnit === 'minute' && current !== null && dayOf(bar.time) !== dayOf(current.time);
    if (current === null || count === size || newDay) {
      if (current) out.push(current);
      current = bar;
      count = 1;
    } else {
      current = merge(current, bar);
      count += 1;
    }
  }
  if (current) out.push(current);
  return out;
}

/** The bars of the last `sessions` trading days (the 1D range shows the last session). */
export function lastSessions(bars: readonly Bar[], sessions: number): Bar[] {
  const days = new Set<number>();
  let start = bars.length;
  for (let i = bars.length - 1; i >= 0; i--) {
    const day = dayOf(bars[i]!.time);
    if (!days.has(day)) {
      if (days.size === sessions) break;
      days.add(day);
    }
    start = i;
  }
  return bars.slice(start);
}

/**
 * One Heikin-Ashi bar (the aggregated chart type, drawn as candles): close = (O + H + L + C) / 4, open = the midpoint of
 * the previous Heikin-Ashi bar's body (the first bar's own (O + C) / 2), high and low widened to include them.
 */
export function heikinAshiBar(previous: PlotBar | undefined, bar: Bar): PlotBar {
  const close = (bar.open + bar.high + bar.low + bar.close) / 4;
  const open = previous ? (previous.open + previous.close) / 2 : (bar.open + bar.close) / 2;
  return { time: bar.time, open, high: Math.max(bar.high, open, close), low: Math.min(bar.low, open, close), close };
}

export function heikinAshi(bars: readonly Bar[]): PlotBar[] {
  const out: PlotBar[] = [];
  for (const bar of bars) out.push(heikinAshiBar(out.at(-1), bar));
  return out;
}

/** A traded price from the stream, on the chart's axis. */
export interface LivePrice {
  time: number;
  price: number;
  text: string;
}

function weekStart(time: number): number {
  const day = dayOf(time);
  // Day 0 (1970-01-01) was a Thursday; weeks start on Monday as the server's weekly bars do.
  return (day - ((day + 3) % 7)) * DAY;
}

function monthIndex(time: number): number {
  const date = new Date(time * 1000);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

/** Where a tick at `time` belongs: in the last bar ('same'), in a new bar starting at `start`, or nowhere (older). */
function placeTick(
  last: Bar,
  time: number,
  periodicity: Periodicity,
  barMinutes: number,
  group: number,
  exchange: TradeExchange,
): { start: number } | 'same' | null {
  if (time < last.time) return null;
  switch (periodicity.timeUnit) {
    case 'minute': {
      const length = barMinutes * 60;
      if (dayOf(time) !== dayOf(last.time)) {
        // A new day's first bar sits on the server's grid: n-minute bars counted from the exchange's session start
        // (09:15 for equities and F&O, 09:00 for currency and commodities), the one table in the domain.
        const minute = Math.floor((time % DAY) / 60);
        const { start } = intradaySession(exchange, dayOf(time));
        const bucket = Math.floor((minute - start) / barMinutes) * barMinutes + start;
        return { start: dayOf(time) * DAY + bucket * 60 };
      }
      const steps = Math.floor((time - last.time) / length);
      return steps === 0 ? 'same' : { start: last.time + steps * length };
    }
    case 'day': {
      const start = dayOf(time) * DAY;
      return start < last.time + group * DAY ? 'same' : { start };
    }
    case 'week': {
      const start = weekStart(time);
      return start < last.time + group * 7 * DAY ? 'same' : { start };
    }
    case 'month': {
      if (monthIndex(time) - monthIndex(last.time) < group) return 'same';
      const date = new Date(time * 1000);
      return { start: Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000 };
    }
    default: {
      const unknown: never = periodicity.timeUnit;
      throw new Error(`Unknown time unit ${String(unknown)}`);
    }
  }
}

/**
 * The last bar as a live price moves it (investing.md 4: the stream updates the last bar): the same bar with a new
 * close and extremes, or a new bar when the price falls after it; null for a price older than the last bar.
 * `barMinutes` is one bar's length for minute periodicities, `group` how many server bars make one of ours; the
 * instrument's `exchange` sets where a new day's minute bars start.
 */
export function withLivePrice(
  last: Bar,
  live: LivePrice,
  periodicity: Periodicity,
  barMinutes: number,
  group: number,
  exchange: TradeExchange,
): Bar | null {
  const place = placeTick(last, live.time, periodicity, barMinutes, group, exchange);
  if (place === null) return null;
  const tick: Bar = {
    time: place === 'same' ? last.time : place.start,
    open: live.price,
    high: live.price,
    low: live.price,
    close: live.price,
    volume: 0,
    text: { open: live.text, high: live.text, low: live.text, close: live.text },
  };
  return place === 'same' ? merge(last, tick) : tick;
}
