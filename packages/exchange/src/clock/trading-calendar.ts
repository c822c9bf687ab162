import { civilFromDays, daysFromCivil, daysInMonth, weekdayOf } from './ist.ts';

/** Weekdays that are not exchange holidays. Holidays come in as IST day numbers (market-facts has no list). */
export class TradingCalendar {
  private readonly holidays: ReadonlySet<number>;

  constructor(holidays: Iterable<number> = []) {
    this.holidays = new Set(holidays);
  }

  isTradingDay(day: number): boolean {
    const weekday = weekdayOf(day);
    return weekday !== 0 && weekday !== 6 && !this.holidays.has(day);
  }

  /** The day itself when it trades, else the nearest earlier trading day. */
  onOrBefore(day: number): number {
    while (!this.isTradingDay(day)) day--;
    return day;
  }

  onOrAfter(day: number): number {
    while (!this.isTradingDay(day)) day++;
    return day;
  }

  previous(day: number): number {
    return this.onOrBefore(day - 1);
  }

  next(day: number): number {
    return this.onOrAfter(day + 1);
  }

  /** The last `weekday` (0 Sunday ... 6 Saturday) of a month, moved to the previous trading day if a holiday. */
  lastWeekdayOfMonth(year: number, month: number, weekday: number): number {
    let day = daysFromCivil(year, month, daysInMonth(year, month));
    while (weekdayOf(day) !== weekday) day--;
    return this.onOrBefore(day);
  }
}

export function addMonths(year: number, month: number, count: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function monthOf(day: number): { year: number; month: number } {
  const { year, month } = civilFromDays(day);
  return { year, month };
}
