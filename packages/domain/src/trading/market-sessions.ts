import type { TradeExchange } from './segments.ts';

/** market-facts 2: the phases of an exchange's day that have hours. */
export type SessionWindowPhase = 'pre-open' | 'open' | 'post-close';

export interface SessionWindow {
  phase: SessionWindowPhase;
  /** Minutes after IST midnight, start inclusive, end exclusive. */
  start: number;
  end: number;
}

const DAY_MS = 86_400_000;
const at = (hour: number, minute: number): number => hour * 60 + minute;

/**
 * The day's sessions (market-facts 2; the regime from 3-Aug-2026), the one table of exchange hours for the exchange,
 * the server and the web. Equity: pre-open 09:00–09:15 (order entry, call auction and buffer as one phase),
 * continuous 09:15–15:30, post-close 15:50–16:00 (the closing auction itself is not simulated). F&O: futures pre-open
 * 09:00–09:15, continuous 09:15–15:40. Currency 09:00–17:00. MCX 09:00–23:30 while US daylight saving is on, else
 * 23:55. NCDEX 09:00–17:00. `day` is the IST day number (days since 1970-01-01).
 */
export function sessionWindows(exchange: TradeExchange, day: number): SessionWindow[] {
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

/**
 * The continuous session of a day (minutes after IST midnight): what an intraday chart spans, and where its n-minute
 * bars start counting (09:15 for equities and F&O, 09:00 for currency and commodities).
 */
export function intradaySession(exchange: TradeExchange, day: number): { start: number; end: number } {
  const open = sessionWindows(exchange, day).find((window) => window.phase === 'open')!;
  return { start: open.start, end: open.end };
}

/** US daylight saving: second Sunday of March to first Sunday of November (MCX closes 23:30 then). */
export function usDaylightSaving(day: number): boolean {
  const year = new Date(day * DAY_MS).getUTCFullYear();
  return day >= nthSunday(year, 2, 2) && day < nthSunday(year, 10, 1);
}

/** The day number of a month's nth Sunday (month 0-based, as Date counts them). */
function nthSunday(year: number, month: number, n: number): number {
  const first = Date.UTC(year, month, 1) / DAY_MS;
  const weekday = new Date(first * DAY_MS).getUTCDay();
  return first + ((7 - weekday) % 7) + (n - 1) * 7;
}
