import { formatScaled } from '../money/decimal.ts';

const lakhGrouping = new Intl.NumberFormat('en-IN');

/** Groups the whole part of a plain decimal string the Indian way: 1234567.5 -> 12,34,567.5 */
export function groupIndian(plain: string): string {
  const negative = plain.startsWith('-');
  const unsigned = negative ? plain.slice(1) : plain;
  const [whole = '0', fraction] = unsigned.split('.');
  const grouped = lakhGrouping.format(BigInt(whole));
  return (negative ? '-' : '') + grouped + (fraction === undefined ? '' : '.' + fraction);
}

/** Amounts in paise, shown with lakh grouping and 2 decimals: 123456789 -> "12,34,567.89". */
export function formatAmount(paise: number): string {
  return groupIndian(formatScaled(paise, 2));
}

/** A price held in units of 10^-decimals, shown with that many decimals and lakh grouping. */
export function formatPrice(units: number, decimals: 2 | 4): string {
  return groupIndian(formatScaled(units, decimals));
}

/** Plain integer quantity with lakh grouping. */
export function formatQuantity(quantity: number): string {
  return lakhGrouping.format(quantity);
}

/** Percentage held in hundredths of a percent (basis points of 1%): 1234 -> "12.34". */
export function formatPercent(hundredths: number): string {
  return formatScaled(hundredths, 2);
}
