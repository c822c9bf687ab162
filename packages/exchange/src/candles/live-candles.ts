import { istDay, istInstant, istMinuteOfDay } from '../clock/ist.ts';
import { aggregateDays, aggregateMinutes, minutesOf, type Candle, type Periodicity } from './candle.ts';
import { dayFrom, type History } from './history.ts';

/** An instrument's chart data: generated history plus today's one-minute bars built from trades as they happen. */
export class CandleSeries {
  private readonly daily: Candle[];
  private readonly minutes: Candle[];
  private current: Candle | null = null;
  /** Minute bars closed (a later minute has begun) and not yet taken to be saved; only when `keepClosed`. */
  private closed: Candle[] = [];

  /**
   * `sessionStartMinute`: where the instrument's n-minute bars start counting (its exchange's intraday session).
   * `keepClosed`: set each closed minute bar aside for `takeMinuteBars`; off when nothing saves them, which would
   * otherwise hold every minute of the process's life.
   */
  constructor(
    history: History,
    private readonly sessionStartMinute: number,
    private readonly keepClosed = false,
  ) {
    this.daily = history.daily.map((c) => ({ ...c }));
    this.minutes = history.minutes.map((c) => ({ ...c }));
  }

  /** A trade (or, for instruments nobody trades, a fair-value print with zero quantity). */
  record(time: number, price: number, quantity: number): void {
    const minuteStart = istInstant(istDay(time), 0, istMinuteOfDay(time));
    const bar = this.current;
    if (bar && bar.time === minuteStart) {
      if (price > bar.high) bar.high = price;
      if (price < bar.low) bar.low = price;
      bar.close = price;
      bar.volume += quantity;
    } else {
      if (bar && this.keepClosed) this.closed.push(bar);
      this.current = { time: minuteStart, open: price, high: price, low: price, close: price, volume: quantity };
      this.minutes.push(this.current);
    }
    const dayStart = istInstant(istDay(time));
    const last = this.daily[this.daily.length - 1];
    if (last && last.time === dayStart) {
      if (price > last.high) last.high = price;
      if (price < last.low) last.low = price;
      last.close = price;
      last.volume += quantity;
    } else {
      this.daily.push({ time: dayStart, open: price, high: price, low: price, close: price, volume: quantity });
    }
  }

  /**
   * The day's trades made before this series existed (a book resumed after a restart, or one that traded before its
   * chart was first asked for), as the book's statistics sum them: they start the day's bar, which later trades extend.
   * Nothing changes when the series already has a bar for that day.
   */
  startDay(day: Omit<Candle, 'time'> & { lastTradeTime: number }): void {
    const dayStart = istInstant(istDay(day.lastTradeTime));
    const last = this.daily[this.daily.length - 1];
    if (last && last.time >= dayStart) return;
    const { open, high, low, close, volume } = day;
    this.daily.push({ time: dayStart, open, high, low, close, volume });
  }

  /**
   * Today's minutes before the instrument was first looked at (`generateMorning`, or a derivative's valued along its
   * underlying's), on a series with no bar of its own yet: after the history, and set aside to be saved like closed
   * bars. They make the day's bar unless `startDay` did.
   */
  addMorning(bars: readonly Candle[]): void {
    if (bars.length === 0) return;
    for (const bar of bars) this.minutes.push({ ...bar });
    if (this.keepClosed) this.closed.push(...bars.map((bar) => ({ ...bar })));
    const dayStart = istInstant(istDay(bars[0]!.time));
    if ((this.daily.at(-1)?.time ?? -Infinity) < dayStart) this.daily.push(dayFrom(bars, dayStart));
  }

  /**
   * The minute bars closed since the last call (copies), and with `includeOpen` the minute still running too: what
   * the server saves so today's bars outlive a restart.
   */
  takeMinuteBars(includeOpen: boolean): Candle[] {
    const bars = this.closed.map((c) => ({ ...c }));
    this.closed = [];
    if (includeOpen && this.current) bars.push({ ...this.current });
    return bars;
  }

  /**
   * Today's minute bars saved by an earlier process, after the generated history. A bar for the minute still running
   * becomes the current one, so trades later in that minute extend it.
   */
  restoreMinutes(bars: readonly Candle[]): void {
    const after = this.minutes.at(-1)?.time ?? -Infinity;
    for (const bar of bars) {
      if (bar.time <= after || (this.current && bar.time <= this.current.time)) continue;
      this.current = { ...bar };
      this.minutes.push(this.current);
    }
  }

  /** Bars of a periodicity whose start lies in [from, to]. */
  candles(periodicity: Periodicity, from: number, to: number): Candle[] {
    const size = minutesOf(periodicity);
    let bars: Candle[];
    if (size !== null) {
      const minutes = this.minutes.filter((c) => c.time >= from - size * 60_000 && c.time <= to);
      bars = size === 1 ? minutes.map((c) => ({ ...c })) : aggregateMinutes(minutes, size, this.sessionStartMinute);
    } else if (periodicity === 'day') {
      bars = this.daily.map((c) => ({ ...c }));
    } else {
      bars = aggregateDays(this.daily, periodicity === 'week' ? 'week' : 'month');
    }
    return bars.filter((c) => c.time >= from && c.time <= to);
  }
}
