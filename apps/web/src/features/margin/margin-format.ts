import { formatAmount, parseRupees } from '@kite/domain';

/** A wire amount ("-1234.5") shown in lakh-grouped rupees with 2 decimals; parsed exactly, never through a float. */
export function rupees(value: string | null | undefined): string {
  if (value === null || value === undefined) return '--';
  const paise = parseRupees(value);
  return paise === null ? '--' : formatAmount(paise);
}

/** 'up', 'down' or '' by the sign of a wire amount. */
export function amountSign(value: string | null | undefined): '' | 'up' | 'down' {
  const paise = value ? parseRupees(value) : null;
  if (paise === null || paise === 0) return '';
  return paise > 0 ? 'up' : 'down';
}

/** A utilisation percentage ("37.5") as "37.50%", clamped to 0..100 in hundredths for the meter. */
export function utilisation(value: string | null | undefined): { shown: string; hundredths: number } {
  const hundredths = value ? parseRupees(value) : null;
  if (hundredths === null) return { shown: '--', hundredths: 0 };
  return { shown: `${formatAmount(hundredths)}%`, hundredths: Math.min(Math.max(hundredths, 0), 10000) };
}
