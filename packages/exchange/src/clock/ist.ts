/**
 * Indian Standard Time arithmetic on epoch milliseconds without Date (the exchange must not read the host's clock or
 * zone). IST is UTC+05:30 all year. Civil-date conversion after Howard Hinnant's days_from_civil / civil_from_days.
 */
export const IST_OFFSET_MS = 19_800_000;
export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

/** Days since 1970-01-01 for a proleptic Gregorian date. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

export function civilFromDays(days: number): CivilDate {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(days: number): number {
  return (((days + 4) % 7) + 7) % 7;
}

export function daysInMonth(year: number, month: number): number {
  return daysFromCivil(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1) - daysFromCivil(year, month, 1);
}

/** The IST calendar day (days since 1970-01-01) of an instant. */
export function istDay(epochMs: number): number {
  return Math.floor((epochMs + IST_OFFSET_MS) / DAY_MS);
}

/** Minutes since IST midnight of an instant. */
export function istMinuteOfDay(epochMs: number): number {
  return Math.floor(((((epochMs + IST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
}

/** The instant of an IST wall-clock time on an IST day. */
export function istInstant(day: number, hour = 0, minute = 0): number {
  return day * DAY_MS + (hour * 60 + minute) * MINUTE_MS - IST_OFFSET_MS;
}

/** "2026-11-21" from a day number. */
export function isoDate(days: number): string {
  const { year, month, day } = civilFromDays(days);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Day number from "2026-11-21"; null when malformed. */
export function parseIsoDate(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return daysFromCivil(year, month, day);
}

/** "14:05:09" in IST. */
function istTimeOfDay(epochMs: number): string {
  const minutes = istMinuteOfDay(epochMs);
  const seconds = Math.floor(((((epochMs + IST_OFFSET_MS) % MINUTE_MS) + MINUTE_MS) % MINUTE_MS) / 1000);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${hh}:${mm}:${String(seconds).padStart(2, '0')}`;
}

/** "2026-11-21 14:05:09" in IST. */
export function istDateTime(epochMs: number): string {
  return `${isoDate(istDay(epochMs))} ${istTimeOfDay(epochMs)}`;
}

/** "21/11/2026 14:05:09" in IST, day first: the stream's and the quotes' times (platform.md 7.3). */
export function istDayFirstDateTime(epochMs: number): string {
  const [year, month, day] = isoDate(istDay(epochMs)).split('-');
  return `${day}/${month}/${year} ${istTimeOfDay(epochMs)}`;
}
