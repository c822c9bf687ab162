import { daysFromCivil, istDay, istInstant, istMinuteOfDay, weekdayOf } from '../clock/ist.ts';
import type { Clock } from '../clock/clock.ts';
import { TradingCalendar } from '../clock/trading-calendar.ts';
import type { Exchange } from '../instruments/exchange-codes.ts';

/** 'real': weekdays minus holidays at the exchange's hours; 'always': every market open all the time (demo default). */
export type MarketMode = 'real' | 'always';

export type SessionPhase = 'pre-open' | 'open' | 'post-close' | 'closed';

export interface SessionWindow {
  phase: Exclude<SessionPhase, 'closed'>;
  /** Minutes after IST midnight, start inclusive, end exclusive. */
  start: number;
  end: number;
}

const at = (hour: number, minute: number): number => hour * 60 + minute;

/**
 * The day's sessions (market-facts 2; the regime from 3-Aug-2026). Equity: pre-open 09:00–09:15 (order entry, call
 * auction and buffer as one phase), continuous 09:15–15:30, post-close 15:50–16:00 (the closing auction itself is not
 * simulated). F&O: futures pre-open 09:00–09:15, continuous 09:15–15:40. Currency 09:00–17:00. MCX 09:00–23:30 while
 * US daylight saving is on, else 23:55. NCDEX 09:00–17:00.
 */
export function sessionWindows(exchange: Exchange, day: number): SessionWindow[] {
  switch (exchange) {
    case 'NSE':
    case 'BSE':
      return [
        { phase: 'pre-open', start: at(9, 0), end: at(9, 15) },
        { phase: 'open', start: at(9, 15), end: at(15, 30) },
        { phase: 'post-close', start: at(15, 50), end: at(16, 0) },
      ];
    case 'NFO':
    case 'BFO':
      return [
        { phase: 'pre-open', start: at(9, 0), end: at(9, 15) },
        { phase: 'open', start: at(9, 15), end: at(15, 40) },
      ];
    case 'CDS':
    case 'NCDEX':
      return [{ phase: 'open', start: at(9, 0), end: at(17, 0) }];
    case 'MCX':
      return [{ phase: 'open', start: at(9, 0), end: usDaylightSaving(day) ? at(23, 30) : at(23, 55) }];
    default: {
      const unknown: never = exchange;
      throw new Error(`Unknown exchange ${String(unknown)}`);
    }
  }
}

/** US daylight saving: second Sunday of March to first Sunday of November (MCX closes 23:30 then). */
export function usDaylightSaving(day: number): boolean {
  const { year } = civilYear(day);
  const start = nthSunday(year, 3, 2);
  const end = nthSunday(year, 11, 1);
  return day >= start && day < end;
}

function civilYear(day: number): { year: number } {
  // Years are long enough that dividing by the mean length and correcting once is exact here.
  let year = Math.floor(day / 365.2425) + 1970;
  if (daysFromCivil(year, 1, 1) > day) year--;
  else if (daysFromCivil(year + 1, 1, 1) <= day) year++;
  return { year };
}

function nthSunday(year: number, month: number, n: number): number {
  let day = daysFromCivil(year, month, 1);
  while (weekdayOf(day) !== 0) day++;
  return day + (n - 1) * 7;
}

export interface MarketStatus {
  exchange: Exchange;
  status: SessionPhase;
  /** When the status next changes (epoch ms), or null when it never does ('always' mode). */
  nextChange: number | null;
  nextStatus: SessionPhase | null;
}

export interface SessionOptions {
  mode: MarketMode;
  calendar?: TradingCalendar;
}

/** Where an exchange is in its day, and what comes next (for /MarketStatusService and the books' phases). */
export function marketStatus(exchange: Exchange, clock: Clock, options: SessionOptions): MarketStatus {
  return marketStatusAt(exchange, clock.now(), options);
}

export function marketStatusAt(exchange: Exchange, now: number, options: SessionOptions): MarketStatus {
  if (options.mode === 'always') return { exchange, status: 'open', nextChange: null, nextStatus: null };
  const calendar = options.calendar ?? new TradingCalendar();
  const today = istDay(now);
  const minute = istMinuteOfDay(now);
  let status: SessionPhase = 'closed';
  if (calendar.isTradingDay(today)) {
    const windows = sessionWindows(exchange, today);
    for (const window of windows) {
      if (minute >= window.start && minute < window.end) status = window.phase;
    }
    // The next boundary later today: a window start or end.
    const boundaries = windows
      .flatMap((w) => [w.start, w.end])
      .filter((m) => m > minute)
      .sort((a, b) => a - b);
    for (const boundary of boundaries) {
      const next = phaseAt(windows, boundary);
      if (next !== status) return { exchange, status, nextChange: istInstant(today, 0, boundary), nextStatus: next };
    }
  }
  const nextDay = calendar.next(today);
  const first = sessionWindows(exchange, nextDay)[0]!;
  return { exchange, status, nextChange: istInstant(nextDay, 0, first.start), nextStatus: first.phase };
}

function phaseAt(windows: SessionWindow[], minute: number): SessionPhase {
  for (const window of windows) if (minute >= window.start && minute < window.end) return window.phase;
  return 'closed';
}

/** The trading day a moment belongs to for settlement and VTD purposes: today if it trades, else the next one. */
export function tradingDayOf(now: number, calendar: TradingCalendar): number {
  return calendar.onOrAfter(istDay(now));
}
