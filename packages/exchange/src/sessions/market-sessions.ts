import { sessionWindows, type SessionWindow } from '@kite/domain';
import { istDay, istInstant, istMinuteOfDay } from '../clock/ist.ts';
import type { Clock } from '../clock/clock.ts';
import { TradingCalendar } from '../clock/trading-calendar.ts';
import type { Exchange } from '../instruments/exchange-codes.ts';

/** 'real': weekdays minus holidays at the exchange's hours; 'always': every market open all the time (demo default). */
export type MarketMode = 'real' | 'always';

export type SessionPhase = 'pre-open' | 'open' | 'post-close' | 'closed';

// The hours themselves are the domain's one table (the web draws intraday charts from it too).
export { intradaySession, sessionWindows, usDaylightSaving, type SessionWindow } from '@kite/domain';

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

/**
 * The trading day whose continuous session is the exchange's next one from `time` on: today's until it closes (NSE's
 * at 15:30, NFO's at 15:40, MCX's late at night), then the next trading day's. The day an AMO placed then is for.
 */
export function nextSessionDay(exchange: Exchange, time: number, calendar: TradingCalendar): number {
  const today = istDay(time);
  if (!calendar.isTradingDay(today)) return calendar.onOrAfter(today);
  const close = Math.max(...sessionWindows(exchange, today).flatMap((w) => (w.phase === 'open' ? [w.end] : [])));
  return istMinuteOfDay(time) < close ? today : calendar.next(today);
}

/** The trading day a moment belongs to for settlement and VTD purposes: today if it trades, else the next one. */
export function tradingDayOf(now: number, calendar: TradingCalendar): number {
  return calendar.onOrAfter(istDay(now));
}
