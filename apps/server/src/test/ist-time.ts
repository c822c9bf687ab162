import { istInstant, parseIsoDate } from '@kite/exchange';

/** The instant of an IST wall-clock time on a "yyyy-mm-dd" day, for setting a test app's clock. */
export function istAt(isoDay: string, hour: number, minute: number): number {
  const day = parseIsoDate(isoDay);
  if (day === null) throw new Error(`not a yyyy-mm-dd day: ${isoDay}`);
  return istInstant(day, hour, minute);
}
