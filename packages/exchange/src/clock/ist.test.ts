import { describe, expect, it } from 'vitest';
import {
  civilFromDays,
  daysFromCivil,
  isoDate,
  istDateTime,
  istDayFirstDateTime,
  istDay,
  istInstant,
  istMinuteOfDay,
  parseIsoDate,
  weekdayOf,
} from './ist.ts';
import { TradingCalendar } from './trading-calendar.ts';

describe('IST calendar arithmetic', () => {
  it('converts civil dates both ways and knows weekdays', () => {
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    const day = daysFromCivil(2026, 11, 21);
    expect(civilFromDays(day)).toEqual({ year: 2026, month: 11, day: 21 });
    expect(weekdayOf(day)).toBe(6); // Saturday
    expect(isoDate(daysFromCivil(2028, 2, 29))).toBe('2028-02-29');
    expect(parseIsoDate('2026-02-30')).toBeNull();
    for (let d = -1000; d < 30000; d += 37) {
      const c = civilFromDays(d);
      expect(daysFromCivil(c.year, c.month, c.day)).toBe(d);
    }
  });

  it('places instants on the IST day and minute (UTC+05:30)', () => {
    // 2026-11-21 03:45 UTC is 09:15 IST.
    const open = istInstant(daysFromCivil(2026, 11, 21), 9, 15);
    expect(open).toBe(1795232700000); // Date.UTC(2026, 10, 21, 3, 45)
    expect(istMinuteOfDay(open)).toBe(555);
    expect(istDateTime(open)).toBe('2026-11-21 09:15:00');
    // 20:00 UTC on the 20th is already the 21st in India.
    expect(istDay(1795204800000)).toBe(daysFromCivil(2026, 11, 21)); // Date.UTC(2026, 10, 20, 20, 0)
    expect(istDayFirstDateTime(1795204800000 + 2_000)).toBe('21/11/2026 01:30:02');
    expect(istDayFirstDateTime(open)).toBe('21/11/2026 09:15:00');
  });

  it('skips weekends and holidays and finds the last Tuesday of a month', () => {
    const holiday = daysFromCivil(2026, 11, 24); // a Tuesday, as a holiday for the test
    const calendar = new TradingCalendar([holiday]);
    expect(calendar.isTradingDay(daysFromCivil(2026, 11, 21))).toBe(false);
    expect(calendar.next(daysFromCivil(2026, 11, 20))).toBe(daysFromCivil(2026, 11, 23));
    // The last Tuesday, 24 November, is a holiday here: expiry moves to Monday the 23rd.
    expect(isoDate(calendar.lastWeekdayOfMonth(2026, 11, 2))).toBe('2026-11-23');
    expect(isoDate(new TradingCalendar().lastWeekdayOfMonth(2026, 12, 4))).toBe('2026-12-31');
  });
});
