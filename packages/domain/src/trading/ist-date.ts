/**
 * The one home of IST calendar dates (platform.md 5, 9): the display format dd/mm/yyyy that clients see, the wire's
 * yyyy-mm-dd and dd-mm-yyyy forms, and the IST date of an instant. No clock is read: the caller passes `now` (epoch
 * ms). Exchange time is IST, UTC+05:30 all year (market-facts.md).
 */
const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;

/** Days since 1970-01-01 of the IST calendar date at instant `epochMs`. */
export function istDayNumber(epochMs: number): number {
  return Math.floor((epochMs + IST_OFFSET_MS) / DAY_MS);
}

/** The day number of year/month/day, or null when that day does not exist (31/02). */
function dayNumberOf(year: number, month: number, day: number): number | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const utc = Date.UTC(year, month - 1, day);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  return utc / DAY_MS;
}

/** Parses dd/mm/yyyy into a day number, or null when it is not a real calendar date. */
export function parseDayMonthYear(text: string): number | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  return match ? dayNumberOf(Number(match[3]), Number(match[2]), Number(match[1])) : null;
}

/** Parses yyyy-mm-dd into a day number, or null when it is not a real calendar date. */
export function parseIsoDay(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  return match ? dayNumberOf(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** Day number -> yyyy-mm-dd. */
export function isoDateOfDay(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** The IST calendar date (yyyy-mm-dd) at instant `epochMs`: exchange time, whatever the reader's time zone. */
export function istIsoDate(epochMs: number): string {
  return isoDateOfDay(istDayNumber(epochMs));
}

/** "yyyy-mm-dd HH:MM:SS", the IST date and time at instant `epochMs`. */
export function istDateTime(epochMs: number): string {
  return new Date(epochMs + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The yyyy-mm-dd date `days` calendar days after (or before, when negative) a yyyy-mm-dd date. */
export function addIsoDays(isoDate: string, days: number): string {
  const day = parseIsoDay(isoDate);
  if (day === null) throw new Error(`not a yyyy-mm-dd date: ${isoDate}`);
  return isoDateOfDay(day + days);
}

/**
 * A date as clients see it, dd/mm/yyyy (platform.md 5, 9), from either form the wire uses: yyyy-mm-dd or dd-mm-yyyy,
 * alone or leading a date-time, which keeps its time ("2026-11-20 09:05" -> "20/11/2026 09:05"). Other text is
 * returned as it is ('--', '').
 */
export function displayDate(text: string): string {
  return text.replace(/^(\d{4})-(\d{2})-(\d{2})/, '$3/$2/$1').replace(/^(\d{2})-(\d{2})-(\d{4})/, '$1/$2/$3');
}

/** dd/mm/yyyy -> yyyy-mm-dd, or null when it is not a real calendar date. */
export function isoOfDisplayDate(text: string): string | null {
  const day = parseDayMonthYear(text);
  return day === null ? null : isoDateOfDay(day);
}

/** yyyy-mm-dd -> dd-mm-yyyy, the wire form of the dates the spec fixes so (investing.md 9: IPO master dates). */
export function dashDate(isoDate: string): string {
  return isoDate.replace(/^(\d{4})-(\d{2})-(\d{2})/, '$3-$2-$1');
}

/** dd-mm-yyyy -> yyyy-mm-dd, so wire dates compare as text. */
export function isoOfDashDate(text: string): string {
  return text.replace(/^(\d{2})-(\d{2})-(\d{4})/, '$3-$2-$1');
}
