import { istIsoDate } from '@kite/domain';
/** Today's IST date, yyyy-mm-dd. */
export const istToday = (now = new Date()): string => istIsoDate(now.getTime());

/** The calendar day after a yyyy-mm-dd date. */
export function nextDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** "2026-11-30" -> "30-11-2026". */
export const dayFirst = (isoDate: string): string => isoDate.split('-').reverse().join('-');
