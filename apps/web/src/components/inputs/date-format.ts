import { isoDateOfDay, istIsoDate, parseDayMonthYear } from '@kite/domain';

/** The date picker's text form, dd/mm/yyyy (platform.md 5, 9), for calendar dates held as local midnight. */
export function formatDdMmYyyy(date: Date): string {
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${date.getFullYear()}`;
}

/** Reads dd/mm/yyyy; null for anything else or for a day that does not exist (31/02/2024). */
export function parseDdMmYyyy(text: string): Date | null {
  const day = parseDayMonthYear(text);
  return day === null ? null : localDateOfIso(isoDateOfDay(day));
}

/** yyyy-mm-dd as a local midnight, the form the calendar works in. */
function localDateOfIso(isoDate: string): Date {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** Today's IST calendar date (exchange time) as yyyy-mm-dd, whatever the browser's own time zone. */
export function istToday(now: number = Date.now()): string {
  return istIsoDate(now);
}

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** platform.md 9: the picker reaches seven years back. */
export const DATE_PICKER_YEARS = 7;

export function earliestPickable(today: Date): Date {
  const day = startOfDay(today);
  return new Date(day.getFullYear() - DATE_PICKER_YEARS, day.getMonth(), day.getDate());
}

/** Today's IST calendar date (exchange time) as a local midnight, whatever the browser's own time zone. */
export function istTodayAsLocalDate(now: number = Date.now()): Date {
  return localDateOfIso(istToday(now));
}
