/** "2026-11-23" -> "23-11-2026": dates day first, as the rest of the app shows them. */
export const dayFirst = (isoDate: string): string => isoDate.split('-').reverse().join('-');

/** "2026-11-20 15:30:00" (IST) -> "20-11-2026 15:30:00". */
export const dayFirstDateTime = (istDateTime: string): string =>
  istDateTime.replace(/^(\d{4})-(\d{2})-(\d{2})/, '$3-$2-$1');
