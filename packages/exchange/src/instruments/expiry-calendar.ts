import { civilFromDays, daysFromCivil, daysInMonth, weekdayOf } from '../clock/ist.ts';
import { addMonths, monthOf, type TradingCalendar } from '../clock/trading-calendar.ts';

/**
 * Expiry dates as a function of the trading date (market-facts 3.2): NSE weekly Tuesday and monthly last Tuesday, BSE
 * Thursday; an expiry on a holiday moves to the previous trading day.
 */
export function weeklyExpiries(today: number, weekday: number, count: number, calendar: TradingCalendar): number[] {
  const out: number[] = [];
  let day = today;
  while (weekdayOf(day) !== weekday) day++;
  for (; out.length < count; day += 7) {
    const expiry = calendar.onOrBefore(day);
    if (expiry >= today) out.push(expiry);
  }
  return out;
}

export function monthlyExpiries(today: number, weekday: number, count: number, calendar: TradingCalendar): number[] {
  const out: number[] = [];
  const { year, month } = monthOf(today);
  for (let i = 0; out.length < count; i++) {
    const m = addMonths(year, month, i);
    const expiry = calendar.lastWeekdayOfMonth(m.year, m.month, weekday);
    if (expiry >= today) out.push(expiry);
  }
  return out;
}

/** Currency futures: two working days before the last business day of the month (market-facts 2.3, 6.4). */
export function currencyExpiries(today: number, count: number, calendar: TradingCalendar): number[] {
  const out: number[] = [];
  const { year, month } = monthOf(today);
  for (let i = 0; out.length < count; i++) {
    const m = addMonths(year, month, i);
    const lastBusiness = calendar.onOrBefore(daysFromCivil(m.year, m.month, daysInMonth(m.year, m.month)));
    const expiry = calendar.previous(calendar.previous(lastBusiness));
    if (expiry >= today) out.push(expiry);
  }
  return out;
}

/** Commodity futures: a fixed day of the contract month (0 = last calendar day), in the listed months only. */
export function commodityExpiries(
  today: number,
  count: number,
  calendar: TradingCalendar,
  dayOfMonth: number,
  months: readonly number[],
): number[] {
  const out: number[] = [];
  const { year, month } = monthOf(today);
  for (let i = 0; out.length < count && i < 36; i++) {
    const m = addMonths(year, month, i);
    if (months.length > 0 && !months.includes(m.month)) continue;
    const date = dayOfMonth === 0 ? daysInMonth(m.year, m.month) : Math.min(dayOfMonth, daysInMonth(m.year, m.month));
    const expiry = calendar.onOrBefore(daysFromCivil(m.year, m.month, date));
    if (expiry >= today) out.push(expiry);
  }
  return out;
}

export const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;

/** "26NOV" for monthly contracts. */
export function monthlyCode(day: number): string {
  const { year, month } = civilFromDays(day);
  return `${String(year % 100).padStart(2, '0')}${MONTHS[month - 1]}`;
}

/** "26N24" style code for weekly options: year, month as 1-9/O/N/D, day. */
export function weeklyCode(day: number): string {
  const { year, month, day: date } = civilFromDays(day);
  const m = month < 10 ? String(month) : ['O', 'N', 'D'][month - 10]!;
  return `${String(year % 100).padStart(2, '0')}${m}${String(date).padStart(2, '0')}`;
}

export function monthName(day: number): string {
  return MONTHS[civilFromDays(day).month - 1]!;
}
