import { reject, type Rejection } from '../errors/result.ts';
import { invalidRequest } from '../errors/result.ts';
import { reportsText } from '../messages/reports.ts';
import { isoDateOfDay, istDayNumber, parseDayMonthYear } from '../trading/ist-date.ts';

/**
 * Report periods and financial years (investing.md 9 "Financial years and exports"). Days are IST calendar day
 * numbers (days since 1970-01-01); the caller passes today, so the rules never read a clock.
 */

/** The first financial year the spec lists. */
export const FIRST_FINANCIAL_YEAR = 2018;
/** A period may span at most this many days after its first day (one year, a leap year's too). */
export const MAX_REPORT_SPAN_DAYS = 365;

export interface ReportPeriod {
  from: number;
  to: number;
}

/** Checks a from/to pair of dd/mm/yyyy dates: real dates, from <= to, neither after today, one year at most. */
export function checkReportPeriod(fromText: string, toText: string, today: number): ReportPeriod | Rejection {
  const from = parseDayMonthYear(fromText);
  const to = parseDayMonthYear(toText);
  if (from === null || to === null) return invalidRequest(reportsText.range.invalidDate);
  if (from > today || to > today) return reject('RPT001');
  if (from > to) return reject('RPT002');
  if (to - from > MAX_REPORT_SPAN_DAYS) return reject('RPT003');
  return { from, to };
}

/** Checks one dd/mm/yyyy date: a real date, not after today. */
export function checkReportDay(text: string, today: number): number | Rejection {
  const day = parseDayMonthYear(text);
  if (day === null) return invalidRequest(reportsText.range.invalidDate);
  if (day > today) return reject('RPT001');
  return day;
}

/** The year a financial year starts in (1 April): '2024-2025' -> 2024. */
function startYearOf(day: number): number {
  const [year, month] = isoDateOfDay(day).split('-').map(Number) as [number, number];
  return month >= 4 ? year : year - 1;
}

const label = (start: number) => `${start}-${start + 1}`;

/** '2018-2019' up to the financial year of today, newest first (the spec's 2018-2019 to 2024-2025, and on). */
export function financialYears(today: number): string[] {
  const years: string[] = [];
  for (let start = startYearOf(today); start >= FIRST_FINANCIAL_YEAR; start -= 1) years.push(label(start));
  return years;
}

/** A listed financial year's first and last day (1 April to 31 March), or null when it is not listed. */
export function financialYearPeriod(year: string, today: number): ReportPeriod | null {
  if (!financialYears(today).includes(year)) return null;
  const start = Number(year.slice(0, 4));
  const from = parseDayMonthYear(`01/04/${start}`);
  const to = parseDayMonthYear(`31/03/${start + 1}`);
  return from === null || to === null ? null : { from, to };
}

export function isRejection<T>(value: T | Rejection): value is Rejection {
  return typeof value === 'object' && value !== null && 'ok' in value && value.ok === false;
}

/** Today's IST day number at `epochMs` (the caller reads the clock). */
export function reportToday(epochMs: number): number {
  return istDayNumber(epochMs);
}

/** A day number as dd/mm/yyyy. */
export function reportDayText(day: number): string {
  return isoDateOfDay(day).split('-').reverse().join('/');
}
