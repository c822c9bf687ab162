/** IST calendar helpers without reading the clock: the caller passes `now` (epoch ms). Exchange time is IST. */
const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;

/** Days since 1970-01-01 of the IST calendar date at instant `epochMs`. */
export function istDayNumber(epochMs: number): number {
  return Math.floor((epochMs + IST_OFFSET_MS) / DAY_MS);
}

/** Parses dd/mm/yyyy into a day number, or null when it is not a real calendar date. */
export function parseDayMonthYear(text: string): number | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  const year = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return null;
  const utc = Date.UTC(year, month - 1, day);
  const check = new Date(utc);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  return utc / DAY_MS;
}

/** Day number -> yyyy-mm-dd. */
export function isoDateOfDay(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** The IST calendar date (yyyy-mm-dd) at instant `epochMs`: exchange time, whatever the reader's time zone. */
export function istIsoDate(epochMs: number): string {
  return isoDateOfDay(istDayNumber(epochMs));
}
