import { displayDate } from '@kite/domain';
/** "2026-11-27 14:05:09" -> "27/11/2026 14:05" (IST, as the server wrote it). */
export function newsTime(datetime: string): string {
  return displayDate(datetime.slice(0, 16));
}
