import { describe, expect, it } from 'vitest';
import { parseDayMonthYear } from '../trading/ist-date.ts';
import { checkReportDay, checkReportPeriod, financialYearPeriod, financialYears } from './report-period.ts';

const day = (text: string) => parseDayMonthYear(text)!;

describe('report periods (investing.md 9)', () => {
  const today = day('27/11/2026');

  it('accepts a period within a year ending today', () => {
    expect(checkReportPeriod('28/11/2025', '27/11/2026', today)).toEqual({ from: day('28/11/2025'), to: today });
  });

  it('refuses dates that are not dd/mm/yyyy calendar dates', () => {
    for (const [from, to] of [
      ['2026-11-01', '27/11/2026'],
      ['31/02/2026', '27/11/2026'],
      ['01/11/2026', ''],
    ] as const) {
      expect(checkReportPeriod(from, to, today)).toMatchObject({ ok: false, code: 'EGN001' });
    }
  });

  it('refuses the future, from after to, and more than a year', () => {
    expect(checkReportPeriod('01/11/2026', '28/11/2026', today)).toMatchObject({ code: 'RPT001' });
    expect(checkReportPeriod('20/11/2026', '10/11/2026', today)).toMatchObject({ code: 'RPT002' });
    expect(checkReportPeriod('26/11/2025', '27/11/2026', today)).toMatchObject({ code: 'RPT003' });
  });

  it('checks a single day', () => {
    expect(checkReportDay('27/11/2026', today)).toBe(today);
    expect(checkReportDay('28/11/2026', today)).toMatchObject({ code: 'RPT001' });
    expect(checkReportDay('x', today)).toMatchObject({ code: 'EGN001' });
  });

  it('lists financial years from 2018-2019 to the current one, newest first', () => {
    const years = financialYears(today);
    expect(years[0]).toBe('2026-2027');
    expect(years.at(-1)).toBe('2018-2019');
    expect(years).toContain('2024-2025');
    expect(financialYears(day('31/03/2027'))[0]).toBe('2026-2027');
    expect(financialYears(day('01/04/2027'))[0]).toBe('2027-2028');
  });

  it('gives a financial year 1 April to 31 March, and nothing for an unlisted one', () => {
    expect(financialYearPeriod('2024-2025', today)).toEqual({ from: day('01/04/2024'), to: day('31/03/2025') });
    expect(financialYearPeriod('2017-2018', today)).toBeNull();
    expect(financialYearPeriod('2027-2028', today)).toBeNull();
    expect(financialYearPeriod('2024-2026', today)).toBeNull();
  });
});
