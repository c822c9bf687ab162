import { describe, expect, it } from 'vitest';
import {
  addIsoDays,
  dashDate,
  displayDate,
  isoOfDashDate,
  isoOfDisplayDate,
  istDateTime,
  istIsoDate,
  parseDayMonthYear,
  parseIsoDay,
} from './ist-date.ts';

describe('IST calendar date (market-facts.md: IST is UTC+05:30)', () => {
  it('turns to the next day at 18:30 UTC, IST midnight', () => {
    expect(istIsoDate(Date.UTC(2026, 10, 30, 18, 29, 59))).toBe('2026-11-30');
    expect(istIsoDate(Date.UTC(2026, 10, 30, 18, 30, 0))).toBe('2026-12-01');
    expect(istDateTime(Date.UTC(2026, 10, 30, 18, 30, 5))).toBe('2026-12-01 00:00:05');
  });

  it('counts days across month and year ends and back', () => {
    expect(addIsoDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addIsoDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(() => addIsoDays('31-12-2026', 1)).toThrow();
  });
});

describe('display format dd/mm/yyyy (platform.md 5, 9)', () => {
  it('shows a yyyy-mm-dd date, or the date of a date-time, day first with slashes', () => {
    expect(displayDate('2026-02-09')).toBe('09/02/2026');
    expect(displayDate('2026-11-20 09:05:30')).toBe('20/11/2026 09:05:30');
  });

  it('reads dd/mm/yyyy back, refusing days that do not exist and other forms', () => {
    expect(isoOfDisplayDate('09/02/2026')).toBe('2026-02-09');
    expect(isoOfDisplayDate(' 29/02/2024 ')).toBe('2024-02-29');
    expect(isoOfDisplayDate('29/02/2026')).toBeNull();
    expect(isoOfDisplayDate('31/04/2026')).toBeNull();
    expect(isoOfDisplayDate('2026-02-09')).toBeNull();
    expect(isoOfDisplayDate('9/2/2026')).toBeNull();
    expect(parseDayMonthYear('00/01/2026')).toBeNull();
  });

  it('shows a dd-mm-yyyy wire date (or date-time) in the display format, and leaves other text alone', () => {
    expect(displayDate('05-12-2026')).toBe('05/12/2026');
    expect(displayDate('05-12-2026 10:00:00')).toBe('05/12/2026 10:00:00');
    expect(displayDate('05/12/2026')).toBe('05/12/2026');
    expect(displayDate('--')).toBe('--');
  });
});

describe('wire forms', () => {
  it('writes and reads dd-mm-yyyy (investing.md 9: IPO master dates)', () => {
    expect(dashDate('2026-12-05')).toBe('05-12-2026');
    expect(isoOfDashDate('05-12-2026')).toBe('2026-12-05');
  });

  it('reads yyyy-mm-dd only when the day exists', () => {
    expect(parseIsoDay('2026-11-30')).toBe(Date.UTC(2026, 10, 30) / 86_400_000);
    expect(parseIsoDay('2026-11-31')).toBeNull();
    expect(parseIsoDay('30/11/2026')).toBeNull();
  });
});
